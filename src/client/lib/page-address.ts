/**
 * This page's full address (`location.href`) for texts that share it (WhatsApp questions). Empty on the
 * server and while a server-rendered page is hydrated (the server does not know the address the browser
 * shows), then the browser's address.
 */
import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

export function usePageAddress(): string {
  return useSyncExternalStore(
    subscribeToNothing,
    () => location.href,
    () => '',
  );
}
