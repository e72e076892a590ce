/**
 * Notifications on this device (issue 41): a lead given to the member rings their phone, even
 * with the desk closed and the screen off (push.ts, sw.ts). Turned on per device; the member's
 * devices are listed, each can be turned off from any of them; a test shows what a lead looks
 * like; and a sound for a lead that arrives while the desk is open here.
 */
import { Alert, App, Button, Checkbox, Space, Typography } from 'antd';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { ago, when } from '../lib/format';
import { PageHeading } from '../components/page-heading';
import { Panel } from '../components/panel';
import { pushState, ring, thisSubscription, turnOffHere, turnOn } from '../lib/push';
import { setSound, soundOn } from '../lib/push-message';
import { api } from '../lib/api';

export async function loader() {
  const [state, here] = await Promise.all([api('GET /push'), thisSubscription().catch(() => null)]);
  return { devices: state.devices, here: here?.endpoint ?? null };
}
export { PageError as ErrorBoundary } from '../components/page-error';

/** ApiError is an Error: the server's words, or turnOn's. */
const problem = (caught: unknown, fallback: string) => (caught instanceof Error ? caught.message : fallback);

export default function Notifications() {
  const loaded = useLoaderData<typeof loader>();
  const { message } = App.useApp();
  const [devices, setDevices] = useState(loaded.devices);
  const [here, setHere] = useState(loaded.here);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [sound, setSoundShown] = useState(soundOn);
  const state = pushState();
  const on = here !== null && devices.some((device) => device.endpoint === here);

  const act = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (caught) {
      setError(problem(caught, fallback));
    } finally {
      setBusy(false);
    }
  };
  const turnOnHere = () =>
    act(async () => {
      const answer = await turnOn();
      setDevices(answer.devices);
      setHere((await thisSubscription())?.endpoint ?? null);
      message.success('Notifications are on for this device.');
    }, 'Could not turn notifications on. Please try again.');
  const turnOff = () =>
    act(async () => {
      await turnOffHere(devices);
      setDevices((await api('GET /push')).devices);
      setHere(null);
      message.success('Notifications are off for this device.');
    }, 'Could not turn notifications off. Please try again.');
  const remove = (id: string) =>
    act(async () => {
      setDevices((await api('DELETE /push/devices/:id', { params: { id: id } })).devices);
    }, 'Could not turn that device off. Please try again.');
  const test = () =>
    act(async () => {
      const { sent } = await api('POST /push/test');
      if (sent === 0) throw new Error('No device of yours took the test: turn notifications on again.');
      message.success(`Sent to ${sent === 1 ? 'your device' : `your ${sent} devices`}: it shows in a few seconds.`);
    }, 'Could not send a test. Please try again.');

  return (
    <>
      <PageHeading>Notifications</PageHeading>
      <Space direction="vertical" size={16} style={{ display: 'flex', maxWidth: 640 }}>
        <Panel title="This device">
          <Space direction="vertical" size={12} style={{ display: 'flex' }}>
            <Typography.Paragraph style={{ margin: 0 }} role="status">
              {on
                ? 'On: each lead given to you, and each family of yours that asks again, rings this device, even with the desk closed.'
                : 'Off: a lead given to you shows here only while the desk is open.'}
            </Typography.Paragraph>
            {state === 'denied' && !on && (
              <Alert
                type="warning"
                showIcon
                title="Notifications are blocked for the desk in this browser. Allow them in the site’s settings (the icon beside the address), then turn them on here."
              />
            )}
            {state === 'unsupported' && (
              <Alert
                type="info"
                showIcon
                title="This browser cannot show the desk’s notifications. On an iPhone, add the desk to the home screen first (Share, then Add to Home Screen) and open it from there."
              />
            )}
            {error && <Alert type="error" showIcon title={error} />}
            <Space wrap>
              {on ? (
                <Button onClick={() => void turnOff()} loading={busy}>
                  Turn off on this device
                </Button>
              ) : (
                <Button
                  type="primary"
                  onClick={() => void turnOnHere()}
                  loading={busy}
                  disabled={state === 'unsupported'}
                >
                  Turn on notifications
                </Button>
              )}
              <Button onClick={() => void test()} disabled={busy || devices.length === 0}>
                Send a test notification
              </Button>
            </Space>
            <Checkbox
              checked={sound}
              onChange={(event) => {
                setSound(event.target.checked);
                setSoundShown(event.target.checked);
                if (event.target.checked) ring();
              }}
            >
              Play a sound when a lead arrives while the desk is open here
            </Checkbox>
          </Space>
        </Panel>
        <Panel title="Your devices">
          {devices.length === 0 ? (
            <Typography.Text type="secondary">None yet: notifications are off on every device.</Typography.Text>
          ) : (
            <ul className="desk-devices">
              {devices.map((device) => (
                <li key={device.id}>
                  <div>
                    <Typography.Text strong>
                      {device.device}
                      {device.endpoint === here ? ' (this one)' : ''}
                    </Typography.Text>
                    <br />
                    <Typography.Text type="secondary">
                      On since {when(device.created_at)}
                      {device.last_pushed_at ? ` · last rang ${ago(device.last_pushed_at)}` : ''}
                    </Typography.Text>
                  </div>
                  <Button
                    size="small"
                    onClick={() => void remove(device.id)}
                    disabled={busy}
                    aria-label={`Turn off ${device.device}`}
                  >
                    Turn off
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </Space>
    </>
  );
}
