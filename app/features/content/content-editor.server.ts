import { data } from 'react-router'
import type { AppServices } from '#app/context.ts'
import type { StaffUser } from '#app/features/auth/staff-session.server.ts'
import { errorForLog } from '#app/features/logging/safe-error.ts'
import {
	listContentVersions,
	readPayload,
	restoreContentVersion,
	saveContent,
	type SaveResult,
} from '#app/features/content/content-admin.server.ts'
import type { ContentKey, ContentMap } from '#app/features/content/content-schemas.ts'
import type { EditorResult } from './editor-result.ts'

/** An editor's posted form: a JSON document well under this even with 50 testimonials. */
export const EDITOR_FORM_MAX_BYTES = 256 * 1024

export const editorFailureMessages = {
	tooLarge: 'The request is too large',
	unknownIntent: 'Unknown action',
	noVersion: 'Choose a version to restore',
	unexpected: 'The content could not be saved. Please try again.',
} as const

/** The record as stored now and its latest versions, for an editor's loader (after requireAdmin). */
export async function loadContentEditor<K extends ContentKey>(services: AppServices, key: K) {
	const [content, versions] = await Promise.all([services.content.get(key), listContentVersions(services, key)])
	return { content, versions }
}

/**
 * The save and restore intents every editor shares. The caller has run requireAdmin; `user` is who
 * the new version is recorded for. Invalid input answers 400 with a message per field and stores nothing.
 */
export async function contentEditorAction<K extends ContentKey>(services: AppServices, key: K, user: StaffUser, form: FormData | null) {
	type Result = EditorResult<ContentMap[K]>
	if (!form) return data<Result>({ ok: false, intent: 'save', errors: { form: editorFailureMessages.tooLarge } }, { status: 413 })
	const intent = String(form.get('intent') ?? '')
	let result: SaveResult<K>
	let restoredVersion: number | undefined
	try {
		if (intent === 'save') {
			result = await saveContent(services, key, readPayload(form), user)
		} else if (intent === 'restore') {
			restoredVersion = Number(form.get('version'))
			if (!Number.isInteger(restoredVersion) || restoredVersion < 1) {
				return data<Result>({ ok: false, intent, errors: { version: editorFailureMessages.noVersion } }, { status: 400 })
			}
			result = await restoreContentVersion(services, key, restoredVersion, user)
		} else {
			return data<Result>({ ok: false, intent, errors: { form: editorFailureMessages.unknownIntent } }, { status: 400 })
		}
	} catch (error) {
		services.log.error({ key, intent, err: errorForLog(error) }, 'content save failed')
		return data<Result>({ ok: false, intent, errors: { form: editorFailureMessages.unexpected } }, { status: 500 })
	}
	if (!result.ok) return data<Result>({ ok: false, intent, errors: result.errors }, { status: 400 })
	services.log.info({ key, intent, restoredVersion, by: user.id }, 'content saved')
	return data<Result>({ ok: true, intent, content: result.data, restoredVersion })
}
