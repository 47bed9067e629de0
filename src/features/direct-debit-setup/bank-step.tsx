/**
 * Flow step 3: choose the bank (product.md). The bank is chosen in a combobox that filters an
 * inline listbox (WAI-ARIA APG "Editable Combobox With List Autocomplete"): typing narrows it,
 * ArrowDown/ArrowUp move the active option (`aria-activedescendant`; focus stays in the text box),
 * Enter or a tap chooses, Escape clears the search. The list is ranked by `rankBanks`: banks
 * where an account number typed first passes the NUBAN check digit, then the most used banks,
 * then the rest once the customer types; it never lists more than `maxListed`, so Continue stays
 * within reach on a 360 px phone. The number of matches is announced.
 * Our own small combobox rather than a headless library: the bank step is on the first load, whose
 * budget is 100 KB gzip (docs/decisions/0017-bank-combobox-and-look.md).
 * The step only reports the choice (`bankChosen`); the flow decides what follows.
 *
 * This step is a chooser, not a validated form, so it keeps its few values in local state and
 * does not load react-hook-form: that library arrives with the account step, off the first load
 * (docs/decisions/0006-setup-page-first-load.md).
 */
import { useId, useMemo, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import type { Bank } from '../../../contract/banks';
import type { SetupState } from '../../../contract/direct-debit';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { StepHeading } from '../../components/step-heading';
import { useMessages } from '../../messages/use-messages';
import { accountNumberInput, digitsOf, rankBanks } from './bank-list';
import { recallBankStep, rememberBankStep } from './setup-memory';
import type { BankNotice } from './flow-state';
import { SubscriptionSummary } from './subscription-summary';
import type { SetupFlow } from './use-setup-flow';

export interface BankStepProps {
  setup: SetupState;
  banks: SetupFlow['banks'];
  /** The key of this tab's memory of the link's form (`setup-memory.ts`). */
  memoryKey: string;
  /** The bank chosen before (Back from a later step, or a reload after Continue), if any. */
  bank?: Bank | null;
  accountNumber: string | null;
  notice: BankNotice | null;
  onChoose: (bank: Bank, accountNumber: string | null) => void;
  /** The customer started using the step: a good moment to fetch the next step's code. */
  onIntent?: () => void;
}

/** The bank step: an optional account number for suggestions, then the bank combobox. */
export function BankStep({
  setup,
  banks,
  memoryKey,
  bank: chosenBefore = null,
  accountNumber,
  notice,
  onChoose,
  onIntent,
}: BankStepProps) {
  const { _ } = useMessages();
  const ids = useId();
  // The flow's bank and number (Back, or a reload after Continue), else what this tab remembers
  // of the step itself (a reload before Continue): issue 27.4.
  const [remembered] = useState(() => recallBankStep(memoryKey));
  const [query, setQuery] = useState(
    () =>
      chosenBefore?.name ?? banks.data?.find((bank) => bank.id === remembered?.bankId)?.name ?? '',
  );
  const [typed, setTyped] = useState(accountNumber ?? remembered?.digits ?? '');
  const [selectedId, setSelectedId] = useState<string | null>(
    chosenBefore?.id ?? remembered?.bankId ?? null,
  );
  const [activeId, setActiveId] = useState<string | null>(null);
  const [showError, setShowError] = useState(false);
  const comboboxRef = useRef<HTMLInputElement>(null);

  const list = banks.data;
  const typedDigits = digitsOf(typed);
  const ranked = useMemo(
    () => (list ? rankBanks(list, typedDigits, query) : null),
    [list, typedDigits, query],
  );
  const options = ranked ? [...ranked.suggested, ...ranked.mostUsed, ...ranked.others] : [];
  const active = options.find((bank) => bank.id === activeId) ?? null;
  const selected = list?.find((bank) => bank.id === selectedId) ?? null;

  const remember = (bankId: string | null, digits: string) =>
    rememberBankStep(memoryKey, { bankId, digits });

  const choose = (bank: Bank) => {
    setSelectedId(bank.id);
    remember(bank.id, typedDigits);
    // The box then shows the chosen name, and the list narrows to it: Continue is right below.
    setQuery(bank.name);
    setActiveId(null);
    setShowError(false);
  };

  const moveActive = (step: 1 | -1) => {
    if (options.length === 0) return;
    const at = active === null ? -1 : options.indexOf(active);
    const next = at === -1 ? (step === 1 ? 0 : options.length - 1) : at + step;
    const bank = options[(next + options.length) % options.length];
    if (bank !== undefined) setActiveId(bank.id);
  };

  const onComboboxKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        moveActive(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        // Enter on an active option chooses it; otherwise it submits the form as usual.
        if (active !== null) {
          event.preventDefault();
          choose(active);
        }
        break;
      case 'Escape':
        if (query !== '' || active !== null) {
          event.preventDefault();
          setQuery('');
          setActiveId(null);
        }
        break;
    }
  };

  const submit: ComponentProps<'form'>['onSubmit'] = (event) => {
    event.preventDefault();
    if (selected === null) {
      setShowError(true);
      comboboxRef.current?.focus();
      return;
    }
    onChoose(selected, typedDigits === '' ? null : typedDigits);
  };

  const listboxId = `${ids}-banks`;
  const optionId = (bank: Bank) => `${ids}-bank-${bank.id}`;
  const error = showError && selected === null ? _('setup.bank.chooseBankError') : undefined;
  const searching = query.trim() !== '';

  const group = (key: string, label: string, members: Bank[]) =>
    members.length === 0 ? null : (
      <li role="presentation" key={key}>
        <ul role="group" className="choice-list" aria-labelledby={`${ids}-${key}`}>
          <li role="presentation" className="choice-list__heading" id={`${ids}-${key}`}>
            {label}
          </li>
          {members.map((bank) => (
            <li
              key={bank.id}
              id={optionId(bank)}
              role="option"
              aria-selected={bank.id === selectedId}
              className={bank.id === activeId ? 'option option--active' : 'option'}
              // Keep focus in the text box, as the pattern wants, when an option is tapped.
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(bank)}
            >
              {bank.name}
            </li>
          ))}
        </ul>
      </li>
    );

  return (
    <>
      <StepHeading>{_('setup.bank.title')}</StepHeading>
      <p>{_('setup.bank.intro', { merchant: setup.merchant.name })}</p>
      <SubscriptionSummary setup={setup} />
      {notice !== null && (
        <Alert tone="error" urgent>
          <p>{_('setup.bank.bankNotSupported', { bank: notice.bankName })}</p>
        </Alert>
      )}
      <form
        className="form"
        noValidate
        onSubmit={submit}
        onFocusCapture={onIntent}
        onPointerDownCapture={onIntent}
      >
        <InputField
          id={`${ids}-account`}
          label={_('setup.bank.accountLabel')}
          hint={_('setup.bank.accountHint')}
          {...accountNumberInput}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            remember(selectedId, digitsOf(event.currentTarget.value));
            // "Choose your bank." answered the last Continue; the customer has moved on.
            setShowError(false);
          }}
        />

        {banks.isPending && <p role="status">{_('setup.bank.loadingBanks')}</p>}
        {banks.isError && (
          <Alert tone="error" urgent>
            <p>{_('setup.bank.banksFailed')}</p>
            <Button variant="secondary" onClick={banks.refetch}>
              {_('common.tryAgain')}
            </Button>
          </Alert>
        )}

        {ranked !== null && (
          <fieldset className="fieldset">
            <legend className="fieldset__legend">{_('setup.bank.legend')}</legend>
            <InputField
              id={`${ids}-search`}
              label={_('setup.bank.searchLabel')}
              hint={_('setup.bank.searchHint')}
              error={error}
              ref={comboboxRef}
              className="input"
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={options.length > 0}
              aria-controls={listboxId}
              aria-activedescendant={active === null ? undefined : optionId(active)}
              autoComplete="off"
              spellCheck="false"
              value={query}
              onChange={(event) => {
                setQuery(event.currentTarget.value);
                setActiveId(null);
              }}
              onKeyDown={onComboboxKeyDown}
            />
            <p className="visually-hidden" role="status">
              {searching ? _('setup.bank.matches', { count: ranked.total }) : ''}
            </p>
            <ul
              id={listboxId}
              role="listbox"
              className="listbox"
              aria-label={_('setup.bank.legend')}
            >
              {group('suggested', _('setup.bank.suggested'), ranked.suggested)}
              {group('most-used', _('setup.bank.mostUsed'), ranked.mostUsed)}
              {group('others', _('setup.bank.otherBanks'), ranked.others)}
            </ul>
            {ranked.total === 0 && (
              <p aria-hidden="true">{_('setup.bank.matches', { count: 0 })}</p>
            )}
            {ranked.total > options.length && searching && (
              <p className="field__hint">
                {_('setup.bank.keepTyping', { listed: options.length, total: ranked.total })}
              </p>
            )}
          </fieldset>
        )}

        {selected !== null && (
          <p className="selected-bank">{_('setup.bank.selected', { bank: selected.name })}</p>
        )}
        <Button type="submit" disabled={list === undefined}>
          {_('setup.bank.continue')}
        </Button>
      </form>
    </>
  );
}
