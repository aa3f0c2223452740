import { Link } from 'react-router'
import { telHref } from '#app/components/site/brand.ts'
import { CompanyContact } from '#app/components/site/legal/company-contact.tsx'
import { LegalPage, LegalSection } from '#app/components/site/legal/legal-page.tsx'
import { useCompany } from '#app/components/site/use-company.ts'
import type { PageHandle } from '#app/features/hydration/page-scripts.tsx'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/privacy-policy'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(publicPages.privacy, siteIdentity(matches))

/** docs/decisions/0037: nothing here needs React, so the page ships no bundle. */
export const handle: PageHandle = { hydrate: false }

/** spec 2 §2: Privacy Policy, with the messaging-consent and accessibility statements. */
export default function PrivacyPolicy() {
	const company = useCompany()
	return (
		<LegalPage title="Privacy Policy" dateLine="Last updated: November 28, 2026">
			<p className="leading-relaxed text-slate-700">
				{company.name} (“we”, “us” or “our”) respects your privacy. This Privacy Policy explains what personal information we collect when
				you visit our website, request a quote or contact us, how we use and protect it, and the choices you have.
			</p>

			<LegalSection id="information-we-collect" title="Information We Collect">
				<p>We collect only the information we need to answer your questions and prepare your loan quote:</p>
				<ul>
					<li>
						<strong>Contact details</strong> you give us, such as your name, e-mail address and phone number.
					</li>
					<li>
						<strong>Quote answers</strong> you enter in our forms, such as the loan type, property type, location and value, loan amount,
						estimated credit score, rental income and timeline.
					</li>
					<li>
						<strong>Device data</strong> sent automatically by your browser, such as your IP address, browser type, operating system, the
						pages you view and the site that referred you.
					</li>
				</ul>
			</LegalSection>

			<LegalSection id="how-we-use-information" title="How We Use Your Information">
				<ul>
					<li>To respond to your inquiries and prepare rate quotes and pre-approvals.</li>
					<li>To contact you about your request by phone, text message or e-mail, as described under Messaging Consent.</li>
					<li>To process and service any loan you apply for with us.</li>
					<li>To keep our website secure, prevent fraud and fix technical problems.</li>
					<li>To understand how visitors use the website so we can improve it.</li>
					<li>To meet our legal, regulatory and licensing obligations.</li>
				</ul>
			</LegalSection>

			<LegalSection id="sharing" title="How We Share Information">
				<p>
					<strong>We never sell your personal information.</strong> We share it only as needed to serve you:
				</p>
				<ul>
					<li>
						With service providers that host our website, deliver our e-mail and messages or store our records, under contracts that limit
						their use of your information to the services they provide to us.
					</li>
					<li>
						With appraisers, title and settlement companies, insurers and funding partners when you ask us to move forward with a loan.
					</li>
					<li>
						When the law requires it, to respond to a lawful request from a regulator or court, or to protect our rights and the safety of
						others.
					</li>
					<li>With a successor business if we merge with or are acquired by another company, subject to this policy.</li>
				</ul>
				<p>
					No mobile information will be shared with third parties or affiliates for marketing or promotional purposes. Text-messaging opt-in
					data and consent are never shared with any third party.
				</p>
			</LegalSection>

			<LegalSection id="messaging-consent" title="Messaging Consent (SMS, Calls and E-mail)">
				<p>
					By submitting your phone number and e-mail address on our website, you agree that {company.name} and its loan officers may contact
					you by phone call, text (SMS) message and e-mail about your inquiry, quote or loan, including calls and messages made with an
					automated telephone dialing system or an artificial or prerecorded voice.
				</p>
				<p>
					<strong>Your consent is not a condition of purchase</strong> or of obtaining a loan. You can instead call us directly at{' '}
					<a href={telHref(company.phone)}>{company.phone}</a>.
				</p>
				<ul>
					<li>Message frequency varies with your request.</li>
					<li>Message and data rates may apply.</li>
					<li>You can opt out of text messages at any time by replying STOP. Reply HELP for help.</li>
					<li>You can unsubscribe from marketing e-mails with the link in any e-mail, or ask us to stop calling you at any time.</li>
				</ul>
				<p>
					More details are in our <Link to="/terms-of-service">Terms of Service</Link>.
				</p>
			</LegalSection>

			<LegalSection id="cookies" title="Cookies and Analytics">
				<p>
					We use strictly necessary cookies to run the website, for example to keep a secure session. We use analytics or advertising
					cookies only with your consent, and you can withdraw that consent at any time by clearing the cookies in your browser. Our website
					does not currently respond to browser “Do Not Track” signals.
				</p>
				{/* docs/decisions/0124: the quote form's own step counts. */}
				<p>
					Without cookies and without anything that identifies you, we count which steps of our quote form each visit reaches, so we can see
					where the form is hard to finish. A browser that sends a Global Privacy Control signal, or a visitor who declines analytics, is
					not counted, and these counts are deleted after 370 days.
				</p>
			</LegalSection>

			<LegalSection id="security" title="Data Security">
				<p>
					We protect your information with encryption in transit, restricted access for staff who need it to do their jobs, and monitoring
					of our systems. No method of transmission or storage is completely secure, so we cannot guarantee absolute security, but we review
					our safeguards regularly.
				</p>
			</LegalSection>

			<LegalSection id="retention" title="Data Retention">
				<p>
					We keep personal information only as long as we need it for the purposes in this policy, including record-keeping periods required
					by lending and licensing laws. When it is no longer needed, we delete it or make it anonymous.
				</p>
			</LegalSection>

			<LegalSection id="your-rights" title="Your Rights and Choices">
				<p>Depending on the state you live in, including California, you may have the right to:</p>
				<ul>
					<li>Know what personal information we hold about you and receive a copy of it.</li>
					<li>Ask us to correct information that is inaccurate.</li>
					<li>Ask us to delete your information, subject to legal exceptions.</li>
					<li>Opt out of marketing calls, texts and e-mails.</li>
				</ul>
				<p>
					To make a request, e-mail <a href={`mailto:${company.email}`}>{company.email}</a> or call{' '}
					<a href={telHref(company.phone)}>{company.phone}</a>. We will verify your identity before acting on a request and will not
					discriminate against you for exercising your rights.
				</p>
			</LegalSection>

			<LegalSection id="children" title="Children’s Privacy">
				<p>
					Our website and loans are for adults aged 18 or older. We do not knowingly collect personal information from children. If you
					believe a child has given us information, contact us and we will delete it.
				</p>
			</LegalSection>

			<LegalSection id="accessibility" title="Accessibility Statement">
				<p>
					We want everyone to be able to use our website, including people with disabilities. We aim to meet the Web Content Accessibility
					Guidelines (WCAG) 2.1 Level AA and keep reviewing our pages as we update them.
				</p>
				<p>
					If you have trouble using any part of the site, or need this policy in another format, call us at{' '}
					<a href={telHref(company.phone)}>{company.phone}</a> or e-mail <a href={`mailto:${company.email}`}>{company.email}</a>. We will
					help you and provide the information in a way that works for you.
				</p>
			</LegalSection>

			<LegalSection id="changes" title="Changes to This Policy">
				<p>
					We may update this Privacy Policy from time to time. The date at the top of this page shows when it last changed. Significant
					changes will be highlighted on our website.
				</p>
			</LegalSection>

			<LegalSection id="contact" title="Contact Us">
				<p>Questions about this policy or your information? Contact us:</p>
				<CompanyContact />
			</LegalSection>
		</LegalPage>
	)
}
