/**
 * Leaving a page that holds unsaved changes: the browser asks before a reload or closing the
 * tab, the desk before another of its pages. Not when the session has ended (signing in
 * again is not leaving by choice).
 */
import { Modal } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { deskPages } from '../../../shared/desk-pages';

/**
 * `unsaved`: whether anything is unsaved, or a function that says so when asked (a form whose
 * fields are not in React state). `onLeave`: what leaving without saving does first (discard a draft).
 */
export function LeaveGuard({
  unsaved,
  stay,
  onLeave,
  children,
}: {
  unsaved: boolean | (() => boolean);
  stay: string;
  onLeave?: () => void;
  children: string;
}) {
  useEffect(() => {
    const isUnsaved = typeof unsaved === 'function' ? unsaved : () => unsaved;
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!isUnsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      nextLocation.pathname !== currentLocation.pathname &&
      nextLocation.pathname !== deskPages.signIn.path &&
      (typeof unsaved === 'function' ? unsaved() : unsaved),
  );

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      okText="Leave without saving"
      cancelText={stay}
      // Staying is the blue button a hurried thumb takes; leaving, and losing the work, is the other.
      okButtonProps={{ type: 'default', danger: true }}
      cancelButtonProps={{ type: 'primary' }}
      onOk={() => {
        onLeave?.();
        blocker.proceed?.();
      }}
      onCancel={() => blocker.reset?.()}
    >
      {children}
    </Modal>
  );
}
