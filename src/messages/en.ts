/**
 * Every word the pages show, in English (product.md, "Every page": one message catalog, ready for
 * more languages). Text with values is a function of those values; amounts and dates arrive
 * already formatted (src/lib/format.ts) so the catalog never formats numbers itself.
 *
 * Another language is another file exporting an object that `satisfies Messages`.
 */
import type { Interval } from '../../contract/common';

const intervals: Record<Interval, { every: string; label: string }> = {
  weekly: { every: 'every week', label: 'Weekly' },
  monthly: { every: 'every month', label: 'Monthly' },
  quarterly: { every: 'every 3 months', label: 'Every 3 months' },
  yearly: { every: 'every year', label: 'Yearly' },
};

/** What a page says when a request to the service failed (every hosted page says it alike). */
const requestFailure = {
  title: 'Something went wrong',
  network: 'We could not reach the server. Check your internet connection, then try again.',
  unexpected:
    'The service could not complete your request. Try again. If it keeps happening, contact the business and quote the reference below.',
  rateLimited: (seconds: number | null) =>
    seconds === null
      ? 'Too many attempts. Wait a minute, then try again.'
      : `Too many attempts. Wait ${seconds} s, then try again.`,
  inputKept: 'What you entered is kept.',
};

/** The alternative text of a merchant's logo. */
const merchantLogo = (merchant: string) => `${merchant} logo`;

export const en = {
  common: {
    loading: 'Loading…',
    /** The title of a page's frame before it knows which page it is (also index.html's). */
    frameTitle: 'Secure payment',
    tryAgain: 'Try again',
    copy: 'Copy',
    copied: 'Copied',
    /** A date and time from `formatDateTime`, said to be Lagos time wherever it is shown. */
    lagosTime: (dateTime: string) => `${dateTime} (Lagos time)`,
    copyFailed: 'Could not copy. Select the text and copy it yourself.',
    /** The automatic return's countdown (src/components/auto-return-countdown.tsx). */
    autoReturn: {
      paused: '(paused)',
      startedSaid: (merchant: string, seconds: number) =>
        `You will be taken back to ${merchant} after ${seconds} seconds. Choose Stay here to stay on this page.`,
      pausedSaid: 'Countdown paused while you look. Move away to let it go on.',
    },
    reference: 'Reference',
    copyReference: 'Copy reference',
    offline: 'You are offline. We will check again when your connection is back.',
    referenceHint: 'Quote this reference if you contact support.',
    testMode: 'Test mode: no real money moves, and account names are test data.',
    testModeLabel: 'Test mode',
    visuallyHiddenEnding: (last4: string) => `ending in ${last4}`,
  },
  /**
   * An action (authorize, turn off, check account, continue, pay now) that got no answer
   * (src/components/action-failure-notice.tsx; docs/decisions/0023). "Offline" is said only when
   * nothing was sent; after a lost answer the retry is safe because it reuses its idempotency key.
   */
  actionFailure: {
    offlineTitle: 'You are offline',
    offline: 'You are offline. Nothing has changed; try again when you are back online.',
    noAnswerTitle: 'No answer from the service',
    noAnswer:
      'No answer from the service, so we cannot tell yet whether it went through. Try again: if it did, it will not be done twice.',
    inputKept: requestFailure.inputKept,
    tryAgain: 'Try again',
    retrying: 'Trying again…',
  },
  notFound: {
    documentTitle: 'Page not found',
    title: 'Page not found',
    body: 'This address does not lead to a page. Open the link from your email again, or contact the business that sent it.',
  },
  rootError: {
    documentTitle: 'Something went wrong',
    title: 'Something went wrong',
    body: 'The page could not be shown. Try again. If it keeps happening, contact the business that sent you the link and quote the reference below.',
    reload: 'Try again',
  },
  setup: {
    documentTitle: 'Set up direct debit',
    loadingTitle: 'Set up direct debit',
    merchantLogo,
    summary: {
      label: 'Your subscription',
      amountEvery: (amount: string, interval: Interval) => `${amount} ${intervals[interval].every}`,
      nextBilling: (date: string) => `Next payment due ${date}`,
    },
    invalidLink: {
      documentTitle: 'This link is not valid',
      title: 'This link is not valid',
      reasons: {
        missing: 'The link is incomplete: it has no access code.',
        malformed: 'The link looks damaged or cut short.',
        unknown: 'We do not recognise this link. A newer link may have replaced it.',
        expired: 'This link has expired.',
        revoked: 'The business has withdrawn this link.',
      },
      whatToDo: (merchant: string | null) =>
        `Open the latest email from ${merchant ?? 'the business'} about direct debit and use the link in it. If you cannot find it, ask ${merchant ?? 'the business'} for a new link.`,
      contact: (merchant: string) => `Contact ${merchant}:`,
    },
    closed: {
      title: 'Direct debit setup is closed',
      body: (merchant: string) =>
        `This setup can no longer be completed. Contact ${merchant} if you want to pay by direct debit.`,
    },
    bank: {
      title: 'Choose your bank',
      intro: (merchant: string) =>
        `${merchant} will collect your subscription from this bank account by direct debit.`,
      accountLabel: 'Account number (optional)',
      accountHint:
        'Type your 10-digit account number first and we will suggest the banks it can belong to.',
      searchLabel: 'Search banks',
      searchHint: 'Type part of its name, or pick it from the list.',
      legend: 'Your bank',
      suggested: 'Suggested for this account number',
      mostUsed: 'Most used banks',
      keepTyping: (listed: number, total: number) =>
        `Showing ${listed} of ${total} banks. Keep typing to find yours.`,
      allBanks: 'All banks',
      otherBanks: 'Other banks',
      matches: (count: number) =>
        count === 0
          ? 'No bank matches your search. Check the spelling.'
          : count === 1
            ? '1 bank matches.'
            : `${count} banks match.`,
      selected: (bank: string) => `Selected: ${bank}`,
      chooseBankError: 'Choose your bank.',
      continue: 'Continue',
      loadingBanks: 'Loading banks…',
      banksFailed: 'We could not load the list of banks.',
      bankNotSupported: (bank: string) =>
        `Direct debit is not available for ${bank}. Choose another bank.`,
    },
    account: {
      title: 'Enter your account number',
      bankLine: (bank: string) => `Bank: ${bank}`,
      changeBank: 'Change bank',
      label: 'Account number',
      hint: '10 digits, as shown in your bank app or on your statement.',
      required: 'Enter your account number.',
      tenDigits: 'Enter exactly 10 digits.',
      checkDigit: (bank: string) =>
        `This is not a valid ${bank} account number. Check the number, or change the bank.`,
      notFound: (bank: string) =>
        `${bank} has no account with this number. Check the number, or change the bank.`,
      rateLimited: (seconds: number | null) =>
        seconds === null
          ? 'Too many account checks. Wait a minute, then try again.'
          : `Too many account checks. Try again in ${seconds} s.`,
      waitButton: (seconds: number) => `Try again in ${seconds} s`,
      continue: 'Continue',
      busy: 'Checking account…',
    },
    confirm: {
      title: 'Confirm your direct debit',
      intro: 'Check these details, then give your authorization.',
      merchant: 'Business',
      plan: 'Plan',
      amount: 'Amount',
      interval: 'How often',
      intervalLabel: (interval: Interval) => intervals[interval].label,
      nextBilling: 'Next payment due',
      bank: 'Bank',
      account: 'Account number',
      accountName: 'Account name',
      testData: 'Test data',
      renewalsNote:
        'Direct debit collects future renewals. An invoice you have already received payment details for, such as the first one, must still be paid as that invoice explains.',
      consent: (merchant: string, amount: string, interval: Interval) =>
        `I authorize ${merchant} to collect ${amount} ${intervals[interval].every} from this account by direct debit until I cancel.`,
      consentRequired: 'Tick the box to give your authorization.',
      submit: 'Authorize direct debit',
      busy: 'Authorizing…',
      changeAccount: 'Change account',
      rateLimited: (seconds: number | null) =>
        seconds === null
          ? 'Too many attempts. Wait a minute, then try again.'
          : `Too many attempts. Try again in ${seconds} s.`,
    },
    status: {
      titles: {
        approved: 'Direct debit is set up',
        pending: 'Waiting for your bank',
        unknown: 'We are confirming your direct debit',
        rejected: 'Your bank did not approve the direct debit',
        revocationRequested: 'Automatic debit is being turned off',
        revoked: 'Automatic debit is off',
      },
      approvedBody: (merchant: string) =>
        `${merchant} can now collect your subscription from this account automatically.`,
      approvedDebitOff: (merchant: string) =>
        `Your bank approved the direct debit, but automatic debit is turned off for this subscription. Contact ${merchant} if you expected it to be on.`,
      returning: (merchant: string, seconds: number) => `Returning to ${merchant} in ${seconds} s`,
      leaving: (merchant: string) => `Returning to ${merchant}…`,
      returnNow: 'Return now',
      stayHere: 'Stay here',
      returnTo: (merchant: string) => `Return to ${merchant}`,
      pendingBody:
        'Your bank has to activate the direct debit before it can be used. This can take a few minutes. You can leave this page; the result does not depend on it.',
      activationTitle: 'Activate it with a small transfer',
      activationBody: (amount: string, deadline: string) =>
        `Your bank asks you to transfer ${amount} from the account you chose to the account below, using the reference, before ${deadline}. This confirms that the account is yours. It is not a payment of your subscription.`,
      activationAmount: 'Amount',
      activationAccountNumber: 'Account number',
      activationAccountName: 'Account name',
      activationBank: 'Bank',
      activationReference: 'Reference',
      activationDeadline: 'Transfer before',
      copyAmount: 'Copy amount',
      copyAccountNumber: 'Copy account number',
      copyReference: 'Copy reference',
      activationExpiredTitle: 'The time for the activation transfer has passed',
      activationExpiredBody: (deadline: string) =>
        `Your bank asked for the activation transfer before ${deadline}. Do not make the transfer now.`,
      activationExpiredNext: (merchant: string) =>
        `If your bank gives new instructions, this page will show them. If nothing changes, contact ${merchant}.`,
      keepChecking: 'This page checks the status again by itself.',
      lastChecked: (time: string) => `Last checked at ${time} (Lagos time).`,
      checkFailed: 'We could not check the status just now.',
      checkFailedNetwork:
        'We could not reach the server to check the status. Check your internet connection.',
      checkRetrying: 'This page will try again by itself.',
      checkNow: 'Check now',
      checkBusy: 'Checking…',
      unknownBody:
        'The bank’s answer has not reached us yet. We are confirming it with the bank. There is nothing more you need to do now.',
      rejectedReason: (reason: string) => `The bank said: ${reason}`,
      rejectedNoReason: 'The bank did not say why.',
      tryAnotherAccount: 'Try another account',
      rejectedClosed: (merchant: string) => `Contact ${merchant} to set up direct debit again.`,
      revocationRequestedBody:
        'Your bank has been asked to stop automatic debits. A debit already sent to the bank may still go through.',
      revokedBody: 'No more payments will be collected automatically from this account.',
      mandateLabel: 'Your direct debit',
      disable: {
        open: 'Turn off automatic debit',
        title: 'Turn off automatic debit?',
        effects: (merchant: string) =>
          `${merchant} will stop collecting renewals from this account automatically, and your bank will be asked to cancel the direct debit.`,
        submittedDebit:
          'A debit already sent to your bank may still go through. Your subscription itself is not cancelled: future invoices must be paid another way.',
        confirm: 'Yes, turn it off',
        busy: 'Turning off…',
        cancel: 'Keep it on',
        failed: 'We could not turn off automatic debit. Nothing has changed. Try again.',
        network:
          'We could not reach the server, so nothing has changed. Check your internet connection, then try again.',
      },
    },
    stepLoadFailed: {
      title: 'This step could not be loaded',
      body: 'Part of this page did not download. Check your internet connection, then try again. What you entered is kept.',
      retry: 'Try again',
      stillFailing:
        'If it keeps failing, reloading the page may help. You will then start again from the choice of bank.',
      reload: 'Reload the page',
    },
    failure: requestFailure,
  },
  checkout: {
    documentTitle: 'Pay by bank transfer',
    loadingTitle: 'Getting your payment details',
    merchantLogo,
    invalidLink: {
      documentTitle: 'This payment link is not valid',
      title: 'This payment link is not valid',
      reasons: {
        missing: 'The link is incomplete: it has no access code.',
        malformed: 'The link looks damaged or cut short.',
        unknown: 'We do not recognise this payment link. A newer link may have replaced it.',
        expired: 'This payment link has expired.',
      },
      whatToDo: (merchant: string | null) =>
        `Go back to ${merchant ?? 'the business'} and start the payment again, or open the latest payment link they sent you. Do not transfer money using account details from an old link.`,
      contact: (merchant: string) => `Contact ${merchant}:`,
    },
    details: {
      title: 'Your contact details',
      intro: (merchant: string) =>
        `${merchant} needs these details before we show you the account to pay into.`,
      emailLabel: 'Email address',
      emailHint: 'For messages about this payment.',
      emailRequired: 'Enter your email address.',
      emailInvalid: 'Enter an email address like name@example.com.',
      phoneLabel: 'Phone number',
      phoneHint: 'A Nigerian number, for example 0803 123 4567 or +234 803 123 4567.',
      phoneErrors: {
        empty: 'Enter your phone number.',
        too_long: 'This phone number is too long.',
        invalid_characters:
          'A phone number may contain only digits, spaces, dashes, brackets and a leading +.',
        not_nigerian: 'Enter a Nigerian phone number (+234).',
        too_short: 'This phone number is too short.',
        invalid: 'This is not a valid Nigerian phone number.',
      },
      submit: 'Continue',
      busy: 'Saving…',
      failed: 'We could not save your details.',
      rejected: 'The service did not accept these details. Check them, then try again.',
    },
    pending: {
      title: 'Pay by bank transfer',
      amountLabel: 'Amount to pay',
      toMerchant: (merchant: string) => `To ${merchant}`,
      partialTitle: 'Part of your payment has arrived',
      partial: (received: string, remaining: string) =>
        `We received ${received}. Transfer the remaining ${remaining} to the same account.`,
      accountTitle: 'Transfer to this account',
      accountIntro: (amount: string) =>
        `In your bank app, transfer exactly ${amount} to this account. Use it for this payment only.`,
      bank: 'Bank',
      accountNumber: 'Account number',
      accountName: 'Account name',
      amount: 'Amount',
      copyAccountNumber: 'Copy account number',
      copyAmount: 'Copy amount',
      timeLeft: (clock: string) => `Time left to pay: ${clock}`,
      expiresAt: (time: string) => `The account stops accepting transfers at ${time} (Lagos time).`,
      fiveMinutesLeft: 'Less than 5 minutes left to pay.',
      oneMinuteLeft: 'Less than 1 minute left to pay.',
      timeUp:
        'The time to pay has run out. Do not transfer now. We are checking whether your transfer arrived.',
      sentMoney: 'I’ve sent the money',
      sentMoneyBusy: 'Checking…',
      sentNote:
        'Thank you. We are checking for your transfer more often now. It can take a few minutes to reach us, so keep this page open.',
      autoCheck: 'This page checks for your transfer by itself.',
      lastChecked: (time: string) => `Last checked at ${time} (Lagos time).`,
      checkFailed: 'We could not check just now. We will try again.',
      proofNote:
        'This page says “Payment received” only when the money has reached us. An email or a receipt from your bank app is not proof of payment.',
    },
    paid: {
      title: 'Payment received',
      body: (merchant: string, amount: string) =>
        `${merchant} has received your payment of ${amount}.`,
      paidAt: (time: string) => `Paid on ${time} (Lagos time).`,
      overpaid: (amount: string, merchant: string) =>
        `You transferred ${amount} more than the amount due. Contact ${merchant} to get it back.`,
      returning: (merchant: string, seconds: number) => `Returning to ${merchant} in ${seconds} s`,
      leaving: (merchant: string) => `Returning to ${merchant}…`,
      returnNow: 'Return now',
      stayHere: 'Stay here',
      returnTo: (merchant: string) => `Return to ${merchant}`,
      canClose: 'You can close this page.',
    },
    expired: {
      title: 'This account has expired',
      doNotTransfer: 'Do not transfer money to this account.',
      body: (time: string) =>
        `The time to pay ended at ${time} (Lagos time). The account no longer accepts transfers.`,
      whatToDo: (merchant: string) =>
        `Go back to ${merchant} and start a new payment. You will get a new account to pay into.`,
      received: (amount: string, merchant: string) =>
        `We received ${amount} before the account expired. Contact ${merchant} about this amount.`,
      returnTo: (merchant: string) => `Return to ${merchant}`,
      contact: (merchant: string) => `Contact ${merchant}:`,
    },
    failure: requestFailure,
  },
  invoice: {
    documentTitle: 'Invoice',
    loadingTitle: 'Getting your invoice',
    merchantLogo,
    invalidLink: {
      documentTitle: 'This invoice link is not valid',
      title: 'This invoice link is not valid',
      reasons: {
        missing: 'The link is incomplete: it has no access code.',
        malformed: 'The link looks damaged or cut short.',
        unknown: 'We do not recognise this invoice link. A newer link may have replaced it.',
        expired: 'This invoice link has expired.',
      },
      whatToDo: (merchant: string | null) =>
        `Open the latest email from ${merchant ?? 'the business'} about this invoice and use the link in it. If you cannot find it, ask ${merchant ?? 'the business'} for a new link.`,
      contact: (merchant: string) => `Contact ${merchant}:`,
    },
    pendingTitle: 'Pay your invoice',
    paidTitle: 'This invoice is paid',
    detailsLabel: 'Invoice details',
    merchant: 'Business',
    plan: 'Plan',
    planWithInterval: (plan: string, interval: Interval) =>
      `${plan} (${intervals[interval].label.toLowerCase()})`,
    period: 'Billing period',
    periodRange: (start: string, end: string) => `${start} to ${end}`,
    amount: 'Amount',
    dueDate: 'Due date',
    status: 'Status',
    statuses: { pending: 'Awaiting payment', paid: 'Paid' },
    paidAt: 'Paid on',
    pendingBody: '“Pay now” opens a secure page with a bank account to pay into by transfer.',
    debitInProgress: (merchant: string) =>
      `${merchant} has asked your bank to collect this invoice by direct debit. Do not pay it another way now: this page will show the result when the bank answers.`,
    payNow: 'Pay now',
    returnTo: (merchant: string) => `Return to ${merchant}`,
    payBusy: 'Opening the payment page…',
    paidBody: (merchant: string) =>
      `${merchant} has received payment for this invoice. There is nothing more to pay.`,
    badAddress: (merchant: string) =>
      `We could not open the payment page. Try again. If it keeps happening, contact ${merchant}.`,
    failure: requestFailure,
  },
};

/** The shape every language's catalog must have. */
export type Messages = typeof en;
