import { TextAreaField as SharedTextAreaField, TextField as SharedTextField, type TextFieldProps } from '#app/components/ui/field.tsx'
import { formatDollarText } from '#app/features/money/money.ts'

type FieldProps = Omit<TextFieldProps, 'density'>

/** The wizard's text field: the shared field at the public pages' size, at most 200 characters unless told. */
export function TextField(props: FieldProps) {
	return <SharedTextField density="comfortable" maxLength={200} {...props} />
}

/** spec 1 §5: accepts only digits (or already formatted text) and displays whole dollars. */
export function MoneyField(props: Omit<FieldProps, 'type' | 'inputMode'>) {
	return <TextField {...props} inputMode="numeric" maxLength={16} onChange={(text) => props.onChange(formatDollarText(text))} />
}

/** spec 1 §5: the investment count keeps digits only. */
export function DigitsField(props: Omit<FieldProps, 'type' | 'inputMode'>) {
	return <TextField {...props} inputMode="numeric" maxLength={4} onChange={(text) => props.onChange(text.replace(/\D/g, ''))} />
}

/** The wizard's free-text answer: at most 5000 characters. */
export function TextAreaField(props: Pick<FieldProps, 'id' | 'label' | 'value' | 'onChange' | 'placeholder' | 'maxLength'>) {
	return <SharedTextAreaField density="comfortable" maxLength={5000} {...props} />
}
