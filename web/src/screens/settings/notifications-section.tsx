// Settings > Notifications (ADR 048): which pushes the member wants (kept in their settings
// document: every device of theirs follows it, and a change offline syncs later), and whether
// this device gets them at all (the browser's permission and subscription).
import { useState } from 'react';
import { DEFAULT_NOTIFICATION_PREFS, type NotificationPrefs } from '../../../../design-docs/src/schemas/settings.ts';
import { Button, Spinner, useToast } from '../../components/ui/index.ts';
import { useDataLayer, useSyncStatus } from '../../data/react.ts';
import { useQuery } from '../../data/hooks/use-query.ts';
import { useSettings } from '../../data/hooks/use-settings.ts';
import type { DeviceState } from '../../data/push-client.ts';
import { SETTINGS_ID } from '../../../../design-docs/src/ids.ts';
import { DEVICE_TEXT, NOTIFICATION_SWITCHES, PUSH_ENABLE_FAILED, PREFS_SAVE_FAILED } from '../../components/push/push-texts.ts';

export function NotificationsSection({ userId }: { userId: string }) {
  const data = useDataLayer();
  const toast = useToast();
  const sync = useSyncStatus();
  const settings = useSettings(userId);
  const prefs: NotificationPrefs = settings.data?.notifications ?? DEFAULT_NOTIFICATION_PREFS;
  const waiting = sync.pendingItems.some((p) => p.db === 'userdb' && p.id === SETTINGS_ID);

  async function change(key: keyof NotificationPrefs, on: boolean) {
    try {
      await data.settings.update({ notifications: { ...prefs, [key]: on } });
    } catch {
      toast.error(PREFS_SAVE_FAILED);
    }
  }

  if (settings.loading && !settings.data) return <Spinner label="Loading..." />;
  return (
    <div className="account-form">
      <fieldset className="settings-switches">
        <legend>Send me notifications for</legend>
        {NOTIFICATION_SWITCHES.map((s) => (
          <label key={s.key} className="settings-switch">
            <input type="checkbox" role="switch" name={s.key} checked={prefs[s.key]} onChange={(e) => void change(s.key, e.target.checked)} aria-describedby={`switch-${s.key}-hint`} />
            <span className="settings-switch__text">
              <span className="settings-switch__label">{s.label}</span>
              <span id={`switch-${s.key}-hint`} className="settings-switch__hint">
                {s.hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {waiting && (
        <p className="settings-sync-note" data-testid="notifications-sync-note">
          {sync.state === 'offline' ? 'Saved on this device; it syncs when you are back online.' : 'Saved on this device; syncing…'}
        </p>
      )}
      <ThisDevice />
    </div>
  );
}

function ThisDevice() {
  const data = useDataLayer();
  const toast = useToast();
  // A browser that cannot tell (no push service) has none for this device.
  const device = useQuery(() => data.push.state().catch((): DeviceState => 'unsupported'), [data]);
  const state = device.data ?? null;
  const [busy, setBusy] = useState(false);

  async function act(turnOn: boolean) {
    setBusy(true);
    try {
      const next = turnOn ? await data.push.enable() : await data.push.disable();
      device.set(() => next);
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : PUSH_ENABLE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="settings-device" aria-labelledby="settings-device-heading">
      <h2 id="settings-device-heading" className="settings-device__title">
        This device
      </h2>
      {state === null ? (
        <Spinner label="Loading..." />
      ) : (
        <>
          <p className="settings-device__state" data-testid="push-device-state" data-state={state}>
            {DEVICE_TEXT[state]}
          </p>
          {state === 'off' && (
            <Button busy={busy} onClick={() => void act(true)}>
              Turn on notifications
            </Button>
          )}
          {state === 'on' && (
            <Button variant="secondary" busy={busy} onClick={() => void act(false)}>
              Turn off on this device
            </Button>
          )}
        </>
      )}
    </section>
  );
}
