/**
 * The merchant's branding (contract/branding.ts; docs/decisions/0022-merchant-branding.md): the
 * display name, brand colour and logo every hosted page shows, a form to change them (a live-mode
 * setting: a test key sees the service's refusal) and a preview of the pages' header bar, with
 * the text colour the pages will pick on the colour and its contrast (src/lib/brand-color.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { maxLogoBytes, type Branding, type BrandingUpdate } from '../../../contract/branding';
import { brandingRoutes } from '../../../contract/routes-branding';
import { Field } from '../../components/field';
import { HostedMerchantHeader } from '../../components/hosted-merchant-header';
import { brandStyle, contrastRatio, readableTextOn } from '../../lib/brand-color';
import { consoleEn } from '../../messages/console-en';
import { ActionForm } from './action-form';
import { FailureAlert } from './action-result';
import { brandingQuery, callConsole, consoleKeys } from './api';
import { brandingFormSchema, logoChoices, type BrandingFormInput } from './forms';
import { Section } from './section';
import type { ConsoleSession } from './session';
import { TextField } from './text-field';
import { DocumentTitle } from '../../components/document-title';

const m = consoleEn.branding;

/** `bytes` in base64, as the branding API takes an upload. */
export function base64OfBytes(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** The sentence under the preview: which text colour the pages pick, or that they keep theirs. */
function contrastNote(color: string | null): string {
  if (color === null || !/^#[0-9a-f]{6}$/i.test(color)) return m.ourColour;
  const text = readableTextOn(color);
  if (text === null) return m.noReadableText;
  const ratio = (contrastRatio(color, text) ?? 0).toFixed(1);
  return m.textOnBrand(text === '#ffffff' ? 'white' : 'near-black', ratio);
}

/** The preview's logo: the chosen file as a data: URL, the typed URL, or the current logo. */
function previewLogo(
  form: Pick<BrandingFormInput, 'logoChoice' | 'logoUrl'>,
  fileUrl: string | null,
  current: Branding | undefined,
): string | null {
  switch (form.logoChoice) {
    case 'keep':
      return current?.logo?.url ?? null;
    case 'none':
      return null;
    case 'url':
      return form.logoUrl.trim() === '' ? null : form.logoUrl.trim();
    case 'upload':
      return fileUrl;
  }
}

function BrandingForm({ session, current }: { session: ConsoleSession; current: Branding }) {
  const queryClient = useQueryClient();
  const choiceId = useId();
  const fileId = useId();
  const [fileUrl, setFileUrl] = useState<string | null>(null);
  const form = useForm<BrandingFormInput, unknown, BrandingUpdate>({
    resolver: zodResolver(brandingFormSchema),
    defaultValues: {
      displayName: current.displayName,
      brandColor: current.brandColor ?? '',
      logoChoice: 'keep',
      logoUrl: '',
      logoUpload: '',
    },
  });
  const { reset } = form;
  const watched = useWatch({ control: form.control });
  const save = useMutation({
    mutationFn: (body: BrandingUpdate) =>
      callConsole(session, brandingRoutes.setBranding, { body }),
    onSuccess: (answer) => {
      // The form starts again from what the service now has.
      const saved = answer.data.data;
      reset({
        displayName: saved.displayName,
        brandColor: saved.brandColor ?? '',
        logoChoice: 'keep',
        logoUrl: '',
        logoUpload: '',
      });
      setFileUrl(null);
      return queryClient.invalidateQueries({ queryKey: consoleKeys.branding(session) });
    },
  });

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (file === undefined) return;
    // The service decides the type by the bytes; the preview only needs something to show.
    const base64 = base64OfBytes(new Uint8Array(await file.arrayBuffer()));
    form.setValue('logoUpload', base64, { shouldValidate: true });
    setFileUrl(`data:${file.type === 'image/svg+xml' ? file.type : 'image/png'};base64,${base64}`);
  };

  const color = (watched.brandColor ?? '').trim();
  const brandColor = /^#[0-9a-f]{6}$/i.test(color) ? color : null;
  const name = (watched.displayName ?? '').trim();
  return (
    <>
      <ActionForm form={form} action={save} submit={[m.save, m.saving]}>
        <TextField name="displayName" label={m.displayName} autoComplete="organization" />
        <TextField name="brandColor" label={m.brandColor} autoComplete="off" spellCheck="false" />
        <p>{m.currentLogo(current.logo?.url ?? null)}</p>
        <Field id={choiceId} label={m.logoChoice} error={form.formState.errors.logoChoice?.message}>
          {(controlProps) => (
            <select className="input" {...controlProps} {...form.register('logoChoice')}>
              {logoChoices.map((choice) => (
                <option key={choice} value={choice}>
                  {m.logoChoices[choice]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {watched.logoChoice === 'url' && (
          <TextField name="logoUrl" label={m.logoUrl} type="url" autoComplete="off" />
        )}
        {watched.logoChoice === 'upload' && (
          <Field
            id={fileId}
            label={m.logoFile}
            hint={m.logoFileHint(maxLogoBytes / 1024)}
            error={form.formState.errors.logoUpload?.message}
          >
            {(controlProps) => (
              <input
                className="input"
                type="file"
                accept="image/png,image/svg+xml"
                {...controlProps}
                onChange={(event) => void chooseFile(event)}
              />
            )}
          </Field>
        )}
      </ActionForm>
      <Section id="branding-preview" title={m.previewTitle}>
        <div className="console-brand-preview" style={brandStyle(brandColor)}>
          <HostedMerchantHeader
            merchant={{
              name: name === '' ? current.displayName : name,
              logoUrl: previewLogo(
                { logoChoice: watched.logoChoice ?? 'keep', logoUrl: watched.logoUrl ?? '' },
                fileUrl,
                current,
              ),
              brandColor,
              supportEmail: null,
            }}
            logoAlt={m.previewLogoAlt(name === '' ? current.displayName : name)}
          />
        </div>
        <p>{contrastNote(brandColor)}</p>
      </Section>
    </>
  );
}

export function BrandingView({ session }: { session: ConsoleSession }) {
  const branding = useQuery(brandingQuery(session));
  const current = branding.data?.data.data;
  return (
    <>
      <DocumentTitle>{m.documentTitle}</DocumentTitle>
      <h1>{m.title}</h1>
      <p>{m.intro}</p>
      {branding.isError && <FailureAlert error={branding.error} urgent={false} />}
      {branding.isPending && <p>{consoleEn.loading}</p>}
      {/* Mounted once the service has answered, so that the form starts from its answer. */}
      {current !== undefined && <BrandingForm session={session} current={current} />}
    </>
  );
}
