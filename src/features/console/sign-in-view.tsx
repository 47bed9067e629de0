/**
 * Sign-in: the secret key, typed once. The key is checked by asking the service for the mode's
 * payout balance (`GET /api/v1/balance`: a read every secret key of the mode may make, whatever
 * its scopes), so a wrong or revoked key is refused here with the service's message rather than
 * on the first action, and a key with few scopes still signs in and meets the service's refusal
 * on the actions it may not take.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { readRoutes } from '../../../contract/routes-reads';
import { Button } from '../../components/button';
import { consoleEn } from '../../messages/console-en';
import { FailureAlert } from './action-result';
import { callConsole } from './api';
import { secretKeySchema, sessionOfKey, type ConsoleSession } from './session';
import { TextField } from './text-field';
import { DocumentTitle } from '../../components/document-title';

const m = consoleEn.signIn;
const signInSchema = z.object({ secretKey: secretKeySchema });

export function SignInView({ onSignedIn }: { onSignedIn: (session: ConsoleSession) => void }) {
  const form = useForm({ resolver: zodResolver(signInSchema), defaultValues: { secretKey: '' } });
  const check = useMutation({
    mutationFn: async (session: ConsoleSession) => {
      await callConsole(session, readRoutes.getBalance);
      return session;
    },
    onSuccess: onSignedIn,
  });
  return (
    <>
      <DocumentTitle>{m.documentTitle}</DocumentTitle>
      <h1>{m.title}</h1>
      <p>{m.intro}</p>
      {check.error !== null && <FailureAlert error={check.error} />}
      <FormProvider {...form}>
        <form
          className="form"
          noValidate
          onSubmit={(event) =>
            void form.handleSubmit(({ secretKey }) => {
              const session = sessionOfKey(secretKey);
              if (session !== null) check.mutate(session);
            })(event)
          }
        >
          <TextField
            name="secretKey"
            label={m.keyLabel}
            type="password"
            autoComplete="off"
            spellCheck="false"
          />
          <Button type="submit" busy={check.isPending} busyLabel={m.busy}>
            {m.submit}
          </Button>
        </form>
      </FormProvider>
    </>
  );
}
