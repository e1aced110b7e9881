/** An error as a bookkeeper reads it: the server's message, or a plain sentence when there is none. */
import { Alert, type AlertProps } from '@mantine/core';
import { ApiError } from '../lib/api-client';

export const errorText = (error: unknown): string => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again later.');

/** A red alert (role alert) for the error, or nothing while there is none. */
export function ErrorAlert({ error, ...alert }: { error: unknown } & Omit<AlertProps, 'children' | 'color' | 'role'>) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" {...alert}>
      {errorText(error)}
    </Alert>
  );
}
