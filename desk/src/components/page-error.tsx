/** What a desk page shows when it cannot load or save: the server's reason, or that it could not be reached. */
import { Alert } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../lib/api';

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  if (isRouteErrorResponse(error)) return `The desk answered ${error.status}.`;
  return fallback;
}

export function PageError() {
  return (
    <Alert
      type="error"
      title={errorMessage(useRouteError(), 'Could not load this page. Check the connection and try again.')}
      showIcon
    />
  );
}
