/**
 * Flow step 3: choose the bank (product.md). A search box filters a list of radio buttons (native
 * keyboard and screen-reader behaviour: Tab into the list, arrows to move); the number of matches
 * is announced. An account number typed first puts the banks where it is a valid NUBAN on top;
 * the search filters those suggestions as well as the rest.
 * The step only reports the choice (`bankChosen`); the flow decides what follows.
 *
 * This step is a chooser, not a validated form, so it keeps its few values in local state and
 * does not load react-hook-form: that library arrives with the account step, off the first load
 * (docs/decisions/0006-setup-page-first-load.md).
 */
import { useId, useMemo, useRef, useState, type ComponentProps } from 'react';
import type { Bank } from '../../../contract/banks';
import type { SetupState } from '../../../contract/direct-debit';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { StepHeading } from '../../components/step-heading';
import { en } from '../../messages/en';
import { digitsOf, filterBanks, suggestBanks } from './bank-list';
import type { ChooseBankState } from './machine';
import { SubscriptionSummary } from './subscription-summary';
import type { SetupFlow } from './use-setup-flow';

export interface BankStepProps {
  setup: SetupState;
  banks: SetupFlow['banks'];
  accountNumber: string | null;
  notice: ChooseBankState['notice'];
  onChoose: (bank: Bank, accountNumber: string | null) => void;
  /** The customer started using the step: a good moment to fetch the next step's code. */
  onIntent?: () => void;
}

/** The bank step: search, suggestions from a typed account number, one radio per bank. */
export function BankStep({
  setup,
  banks,
  accountNumber,
  notice,
  onChoose,
  onIntent,
}: BankStepProps) {
  const m = en.setup.bank;
  const ids = useId();
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState(accountNumber ?? '');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [showError, setShowError] = useState(false);
  const listRef = useRef<HTMLFieldSetElement>(null);

  const list = banks.data;
  const typedDigits = digitsOf(typed);
  // The search narrows both lists: a suggestion whose name does not match is not shown either.
  const suggested = useMemo(
    () => (list ? filterBanks(suggestBanks(list, typedDigits), query) : []),
    [list, typedDigits, query],
  );
  const others = useMemo(() => {
    if (!list) return [];
    const suggestedIds = new Set(suggestBanks(list, typedDigits).map((bank) => bank.id));
    return filterBanks(list, query).filter((bank) => !suggestedIds.has(bank.id));
  }, [list, query, typedDigits]);
  const matchCount = suggested.length + others.length;
  const selected = list?.find((bank) => bank.id === selectedId) ?? null;

  const submit: ComponentProps<'form'>['onSubmit'] = (event) => {
    event.preventDefault();
    if (selected === null) {
      setShowError(true);
      listRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    onChoose(selected, typedDigits === '' ? null : typedDigits);
  };

  const errorId = `${ids}-bank-error`;
  const suggestedId = `${ids}-suggested`;
  const othersId = `${ids}-others`;
  const radioName = `${ids}-bank`;
  const error = showError && selected === null ? m.chooseBankError : null;

  const radio = (bank: Bank) => (
    <li key={bank.id} className="choice-list__item">
      <label className="choice">
        <input
          type="radio"
          name={radioName}
          value={bank.id}
          checked={bank.id === selectedId}
          onChange={() => setSelectedId(bank.id)}
        />
        <span className="choice__label">{bank.name}</span>
      </label>
    </li>
  );

  return (
    <>
      <StepHeading>{m.title}</StepHeading>
      <p>{m.intro(setup.merchant.name)}</p>
      <SubscriptionSummary setup={setup} />
      {notice !== null && (
        <Alert tone="error" urgent>
          <p>{m.bankNotSupported(notice.bankName)}</p>
        </Alert>
      )}
      <form
        className="form"
        noValidate
        onSubmit={submit}
        onFocusCapture={onIntent}
        onPointerDownCapture={onIntent}
      >
        <Field id={`${ids}-account`} label={m.accountLabel} hint={m.accountHint}>
          {(fieldProps) => (
            <input
              {...fieldProps}
              className="input input--digits"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              maxLength={14}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          )}
        </Field>

        <Field id={`${ids}-search`} label={m.searchLabel} hint={m.searchHint}>
          {(fieldProps) => (
            <input
              {...fieldProps}
              className="input"
              type="search"
              autoComplete="off"
              spellCheck={false}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          )}
        </Field>

        {banks.isPending && <p role="status">{m.loadingBanks}</p>}
        {banks.isError && (
          <Alert tone="error" urgent>
            <p>{m.banksFailed}</p>
            <Button variant="secondary" onClick={banks.refetch}>
              {en.common.tryAgain}
            </Button>
          </Alert>
        )}

        {list !== undefined && (
          <fieldset
            ref={listRef}
            className="fieldset"
            aria-describedby={error === null ? undefined : errorId}
          >
            <legend className="fieldset__legend">{m.legend}</legend>
            {error !== null && (
              <p className="field__error" id={errorId}>
                {error}
              </p>
            )}
            <p className="visually-hidden" role="status">
              {query.trim() === '' ? '' : m.matches(matchCount)}
            </p>
            {suggested.length > 0 && (
              <>
                <p className="choice-list__heading" id={suggestedId}>
                  {m.suggested}
                </p>
                <ul className="choice-list" aria-labelledby={suggestedId}>
                  {suggested.map(radio)}
                </ul>
              </>
            )}
            {suggested.length > 0 && others.length > 0 && (
              <p className="choice-list__heading" id={othersId}>
                {m.otherBanks}
              </p>
            )}
            {others.length > 0 && (
              <ul
                className="choice-list"
                aria-labelledby={suggested.length > 0 ? othersId : undefined}
              >
                {others.map(radio)}
              </ul>
            )}
            {matchCount === 0 && <p aria-hidden="true">{m.matches(0)}</p>}
          </fieldset>
        )}

        {selected !== null && <p className="selected-bank">{m.selected(selected.name)}</p>}
        <Button type="submit" disabled={list === undefined}>
          {m.continue}
        </Button>
      </form>
    </>
  );
}
