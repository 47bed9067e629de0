/**
 * The language switch in every page's header (product.md, "Every page";
 * docs/decisions/0024-languages.md): a native `<select>`, labelled in the page's language (for
 * assistive technology: the bar has no room for a visible label at 320 px), each
 * language offered in its own name and marked with its `lang`. Choosing one loads its catalogs,
 * then changes the page in place (nothing is remounted: drafts and steps stay), `<html lang>`
 * with it; a polite status says so in the new language. Only languages whose catalogs this build
 * carries are offered.
 */
import { useId, useState } from 'react';
import { languageSchema } from '../../contract/hosted-common';
import { availableLanguages, chooseLanguage, getLanguageState } from '../messages/i18n';
import { htmlLang, languageNames } from '../messages/languages';
import { useMessages } from '../messages/use-messages';

export function LanguageSwitch() {
  const { _, language } = useMessages();
  const id = useId();
  // Said once the new language is on the page, never on the first render.
  const [changed, setChanged] = useState(false);
  return (
    <div className="language-switch">
      <label className="visually-hidden" htmlFor={id}>
        {_('common.language.label')}
      </label>
      <select
        id={id}
        className="language-switch__select"
        value={language}
        onChange={(event) => {
          const parsed = languageSchema.safeParse(event.currentTarget.value);
          if (!parsed.success) return;
          // A catalog that fails to download leaves the page as it was, the select included:
          // Preact, which renders the pages (decision 0027), does not put a controlled select
          // back to its value as React did, so the select is set back to the page's language.
          const select = event.currentTarget;
          chooseLanguage(parsed.data).then(
            () => setChanged(true),
            () => {
              select.value = getLanguageState().active;
            },
          );
        }}
      >
        {availableLanguages().map((option) => (
          <option key={option} value={option} lang={htmlLang[option]}>
            {languageNames[option]}
          </option>
        ))}
      </select>
      <p className="visually-hidden" role="status">
        {changed ? _('common.language.changed') : ''}
      </p>
    </div>
  );
}
