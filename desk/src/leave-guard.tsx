/**
 * Leaving a page that holds unsaved changes: the browser asks before a reload or closing the
 * tab, the desk before another of its pages. Not when the session has ended (signing in
 * again is not leaving by choice). The enquiry page does the same with its draft.
 */
import { Modal } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { deskPages } from './routes';

export function LeaveGuard({ unsaved, stay, children }: { unsaved: boolean; stay: string; children: string }) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && nextLocation.pathname !== currentLocation.pathname && nextLocation.pathname !== deskPages.signIn.path,
  );

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      okText="Leave without saving"
      cancelText={stay}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {children}
    </Modal>
  );
}
