import { Link } from 'react-router'
import { telHref } from '#app/components/site/brand.ts'
import { CompanyContact } from '#app/components/site/legal/company-contact.tsx'
import { LegalPage, LegalSection } from '#app/components/site/legal/legal-page.tsx'
import { useCompany } from '#app/components/site/use-company.ts'
import { withPunctuation } from '#app/features/content/punctuation.ts'
import type { PageHandle } from '#app/features/hydration/page-scripts.tsx'
import { pageMeta, siteIdentity } from '#app/features/seo/page-meta.ts'
import { publicPages } from '#app/features/seo/public-pages.ts'
import type { Route } from './+types/terms-of-service'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(publicPages.terms, siteIdentity(matches))

/** docs/decisions/0037: nothing here needs React, so the page ships no bundle. */
export const handle: PageHandle = { hydrate: false }

/** spec 2 §2: Terms of Service, effective August 2024, 18+ only, SMS terms, New Jersey law. */
export default function TermsOfService() {
	const company = useCompany()
	return (
		<LegalPage title="Terms of Service" dateLine="Effective date: August 1, 2024">
			<p className="leading-relaxed text-slate-700">
				These Terms of Service (“Terms”) govern your use of the website of {company.name} (“we”, “us” or “our”) and of our text-messaging
				program. By using the website or giving us your contact details, you agree to these Terms. If you do not agree, please do not use
				the website.
			</p>

			<LegalSection id="eligibility" title="Eligibility">
				<p>
					You must be at least 18 years old to use this website, request a quote or sign up for our messages. By using the website you
					confirm that you are 18 or older and able to enter into a binding agreement.
				</p>
			</LegalSection>

			<LegalSection id="use-of-site" title="Use of the Website">
				<p>You agree to use the website only for lawful purposes and to give us accurate, current information. You agree not to:</p>
				<ul>
					<li>Submit information about another person without their permission, or impersonate anyone.</li>
					<li>Attempt to gain unauthorized access to the website, its servers or other users’ information.</li>
					<li>Interfere with the website’s operation, for example with malware, automated scraping or excessive requests.</li>
					<li>Copy, resell or republish our content, rates or tools without our written permission.</li>
				</ul>
				<p>
					All content on the website, including text, graphics, logos and calculators, belongs to {company.name} or its licensors and is
					protected by copyright and trademark law.
				</p>
			</LegalSection>

			<LegalSection id="no-commitment" title="No Commitment to Lend">
				<p>
					Rates, payments, quotes, pre-approvals and calculator results shown on the website or sent to you are estimates for information
					only. They are not an offer, a loan approval or a commitment to lend, and they may change without notice. Every loan is subject to
					application, credit review, underwriting, property appraisal and final approval, and actual terms depend on your complete
					application.
				</p>
				<p>
					Our loans are business-purpose loans for non-owner-occupied investment properties. They are not available for a home you live in
					or for personal, family or household purposes. Programs are not available in every state.
				</p>
			</LegalSection>

			<LegalSection id="licensing" title="Licensing">
				<p>
					{company.name} is licensed as a lender under {company.lenderLicenseId} and holds real estate license{' '}
					{withPunctuation(company.realEstateLicenseNumber, '.')}
					{company.licenseLookupUrl ? (
						<>
							{' '}
							You can verify our licensing on the{' '}
							<a href={company.licenseLookupUrl} rel="noopener noreferrer" target="_blank">
								NMLS Consumer Access website
							</a>
							.
						</>
					) : null}
				</p>
			</LegalSection>

			<LegalSection id="sms-terms" title="Text Messaging (SMS) Terms">
				<p>
					By providing your mobile number, you agree to receive text messages from {company.name} about your inquiry, quote or loan, which
					may be sent with automated technology. Your consent is not a condition of purchase or of obtaining a loan.
				</p>
				<ul>
					<li>Message frequency varies.</li>
					<li>Message and data rates may apply.</li>
					<li>
						To stop receiving messages, reply <strong>STOP</strong>, <strong>END</strong>, <strong>CANCEL</strong>,{' '}
						<strong>UNSUBSCRIBE</strong> or <strong>QUIT</strong> to any message. You will receive one message confirming that you have
						opted out, and no further messages after that.
					</li>
					<li>
						For help, reply <strong>HELP</strong> or call us at <a href={telHref(company.phone)}>{company.phone}</a>.
					</li>
					<li>Wireless carriers are not liable for delayed or undelivered messages.</li>
				</ul>
				<p>
					How we handle your mobile number is described in our <Link to="/privacy-policy">Privacy Policy</Link>. We never share your
					text-messaging opt-in data or consent with third parties.
				</p>
			</LegalSection>

			<LegalSection id="third-party-links" title="Third-Party Websites">
				<p>
					The website links to websites we do not control, such as licensing databases and the sites of our service providers. We are not
					responsible for their content or privacy practices.
				</p>
			</LegalSection>

			<LegalSection id="disclaimer" title="Disclaimer of Warranties">
				<p>
					The website and its content are provided “as is” and “as available”, without warranties of any kind, express or implied, including
					warranties of accuracy, merchantability, fitness for a particular purpose and non-infringement. We do not warrant that the website
					will be uninterrupted or error-free.
				</p>
			</LegalSection>

			<LegalSection id="limitation-of-liability" title="Limitation of Liability">
				<p>
					To the fullest extent permitted by law, {company.name} and its officers, employees and partners are not liable for any indirect,
					incidental, special, consequential or punitive damages, or for any loss of profits, data or business opportunity, arising from
					your use of or inability to use the website or from reliance on any estimate it provides.
				</p>
			</LegalSection>

			<LegalSection id="governing-law" title="Governing Law">
				<p>
					These Terms are governed by the laws of the State of New Jersey, without regard to its conflict-of-law rules. Any dispute relating
					to these Terms or the website will be brought in the state or federal courts located in New Jersey, and you consent to their
					jurisdiction.
				</p>
			</LegalSection>

			<LegalSection id="changes" title="Changes to These Terms">
				<p>
					We may update these Terms from time to time. The effective date at the top of this page shows when they last changed. By
					continuing to use the website after a change, you accept the updated Terms.
				</p>
			</LegalSection>

			<LegalSection id="contact" title="Contact Us">
				<p>Questions about these Terms? Contact us:</p>
				<CompanyContact />
			</LegalSection>
		</LegalPage>
	)
}
