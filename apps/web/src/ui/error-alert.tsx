/** An error alert as a bookkeeper reads it (the text is the API client's errorText). */
import { Alert, type AlertProps } from '@mantine/core';
import { errorText } from '../lib/api-client';

/** A red alert (role alert) for the error, or nothing while there is none. */
export function ErrorAlert({ error, ...alert }: { error: unknown } & Omit<AlertProps, 'children' | 'color' | 'role'>) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" {...alert}>
      {errorText(error)}
    </Alert>
  );
}
