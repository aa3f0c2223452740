import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import type { Company } from '#app/features/content/content-schemas.ts'
import { formatInTimeZone } from '#app/features/content/time-zone.ts'
import { type TermSheetFigures, printedCode } from './term-sheet.ts'

/**
 * docs/decisions/0095: the downloadable term sheet, one Letter page drawn with pdfkit's built-in Helvetica (no font
 * files to ship): the lender at the top, the property, the scenario and terms, the rate's build-up, the assumptions,
 * the borrower's statement, the verification code with its QR code, and a footer with the licence numbers and the
 * terms panel's notice.
 */
export type TermSheetDocument = {
	id: string
	code: string
	verifyUrl: string
	figures: TermSheetFigures
	/** Read from the lead when the sheet is made; never stored with the sheet. */
	address: string | null
	officer: string | null
	rateSheetVersion: number
	createdAt: Date
	expiresAt: Date
	timeZone: string
	statement: { text: string; at: Date } | null
	company: Pick<Company, 'name' | 'phone' | 'email' | 'lenderLicenseId' | 'realEstateLicenseNumber'>
}

const PAGE = { width: 612, height: 792, margin: 42 }
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin
const QR_SIZE = 92
const INK = '#0f172a'
const MUTED = '#475569'
const BRAND = '#1e3a5f'

/** The PDF's bytes. */
export function termSheetPdf(sheet: TermSheetDocument): Promise<Buffer> {
	const doc = new PDFDocument({
		size: 'LETTER',
		margin: PAGE.margin,
		info: { Title: `${sheet.company.name}: indicative term sheet ${printedCode(sheet.code)}`, Author: sheet.company.name },
	})
	const chunks: Buffer[] = []
	doc.on('data', (chunk: Buffer) => chunks.push(chunk))
	const done = new Promise<Buffer>((resolve, reject) => {
		doc.on('end', () => resolve(Buffer.concat(chunks)))
		doc.on('error', reject)
	})
	draw(doc, sheet)
	doc.end()
	return done
}

function draw(doc: PDFKit.PDFDocument, sheet: TermSheetDocument) {
	const { figures, company } = sheet
	const left = PAGE.margin
	const textWidth = CONTENT_WIDTH - QR_SIZE - 16
	const day = (date: Date) => formatInTimeZone(date, sheet.timeZone, 'day')

	// The lender, and the code with its QR code at the top right.
	doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(17).text(company.name, left, PAGE.margin, { width: textWidth })
	doc.fillColor(INK).font('Helvetica').fontSize(9.5).text(`Phone ${company.phone}  ·  ${company.email}`, { width: textWidth })
	doc.moveDown(0.4)
	doc.font('Helvetica-Bold').fontSize(13).text('Indicative term sheet', { width: textWidth })
	doc.font('Helvetica').fontSize(9).fillColor(MUTED)
	doc.text(`Quote ID ${sheet.id}`, { width: textWidth })
	doc.text(`Made ${day(sheet.createdAt)}  ·  Expires ${day(sheet.expiresAt)}  ·  Rate sheet version ${sheet.rateSheetVersion}`, {
		width: textWidth,
	})
	doc.text(`Loan officer: ${sheet.officer ?? 'not yet assigned'}`, { width: textWidth })
	drawQr(doc, sheet.verifyUrl, PAGE.width - PAGE.margin - QR_SIZE, PAGE.margin)
	doc
		.font('Helvetica-Bold')
		.fontSize(9)
		.fillColor(INK)
		.text(printedCode(sheet.code), PAGE.width - PAGE.margin - QR_SIZE, PAGE.margin + QR_SIZE + 3, { width: QR_SIZE, align: 'center' })
	const afterHeader = Math.max(doc.y, PAGE.margin + QR_SIZE + 16)
	doc.x = left
	doc.y = afterHeader + 6

	section(doc, 'Property')
	line(doc, sheet.address ?? 'Address not given')
	line(doc, [figures.propertyType, figures.state].filter(Boolean).join(', ') || 'Property type not given')

	section(doc, 'Scenario')
	line(doc, `${figures.program}: ${figures.scenario}`)
	for (const note of figures.notes) line(doc, note)
	line(doc, `Credit score: ${figures.creditBand}`)

	section(doc, 'Terms')
	for (const [label, value] of figures.rows) row(doc, label, value)

	section(doc, 'How the rate is built')
	for (const text of figures.buildUp) line(doc, text)

	if (figures.assumptions.length + figures.borrowerFigures.length > 0) {
		section(doc, 'Assumed')
		for (const text of figures.assumptions) line(doc, `- ${text}`)
		for (const text of figures.borrowerFigures) line(doc, text)
	}

	if (sheet.statement) {
		section(doc, 'Business-purpose statement')
		line(doc, `"${sheet.statement.text}" (stated ${day(sheet.statement.at)})`)
	}

	section(doc, 'Verify this term sheet')
	line(doc, `Scan the code or visit ${sheet.verifyUrl} to see whether this term sheet is genuine and current.`)

	// The footer: the notice of the terms panel and the licence numbers, at the bottom of the one page.
	const footerTop = PAGE.height - PAGE.margin - 30
	doc
		.moveTo(left, footerTop - 6)
		.lineTo(PAGE.width - PAGE.margin, footerTop - 6)
		.strokeColor('#cbd5e1')
		.lineWidth(0.5)
		.stroke()
	doc.font('Helvetica-Bold').fontSize(8.5).fillColor(INK).text(figures.notice, left, footerTop, { width: CONTENT_WIDTH })
	doc
		.font('Helvetica')
		.fontSize(8)
		.fillColor(MUTED)
		.text(
			`${company.name}  ·  Lender licence ID ${company.lenderLicenseId}  ·  Real-estate licence number ${company.realEstateLicenseNumber}`,
			{ width: CONTENT_WIDTH },
		)
}

function section(doc: PDFKit.PDFDocument, title: string) {
	doc.moveDown(0.45)
	doc.font('Helvetica-Bold').fontSize(10).fillColor(BRAND).text(title, PAGE.margin, doc.y, { width: CONTENT_WIDTH })
	doc.moveDown(0.1)
}

function line(doc: PDFKit.PDFDocument, text: string) {
	doc.font('Helvetica').fontSize(9).fillColor(INK).text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH })
}

/** A figure: its label at the left, its value right-aligned in a column beside it. */
function row(doc: PDFKit.PDFDocument, label: string, value: string) {
	const top = doc.y
	const labelWidth = 300
	doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, PAGE.margin, top, { width: labelWidth })
	const below = doc.y
	doc
		.font('Helvetica-Bold')
		.fillColor(INK)
		.text(value, PAGE.margin + labelWidth, top, { width: 180, align: 'right' })
	doc.y = Math.max(below, doc.y)
}

/** The QR code of the verify page as vector squares (the `qrcode` package gives the matrix). */
function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number) {
	const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
	const quiet = 2
	const cell = QR_SIZE / (modules.size + 2 * quiet)
	for (let rowIndex = 0; rowIndex < modules.size; rowIndex++)
		for (let column = 0; column < modules.size; column++)
			if (modules.get(rowIndex, column)) doc.rect(x + (column + quiet) * cell, y + (rowIndex + quiet) * cell, cell, cell)
	doc.fillColor('#000000').fill()
}
