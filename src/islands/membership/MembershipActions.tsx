import { useState } from 'react';
import { apiFetch, errorMessage } from '../../lib/auth/messages.ts';
import { PERIOD_LABELS, type BillingPeriod, type PaidTier, type PlanChoice } from '../../lib/membership/membership.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';

/** The membership pages' buttons: each posts to the membership API and follows its answer. */

function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

const ErrorLine = ({ error }: { error: string | null }) =>
  error ? (
    <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
      {error}
    </p>
  ) : null;

/** /subscription: choose a plan and a billing period, then go to the payment page. */
export function PlanPicker(props: { plans: PlanChoice[]; current: string; signedIn: boolean; available: boolean }) {
  const [period, setPeriod] = useState<BillingPeriod>('month');
  const { busy, error, run } = useAction();
  const choose = (plan: PaidTier) =>
    run(async () => {
      const { url } = await apiFetch<{ url: string }>('/api/membership/checkout', {
        method: 'POST',
        body: JSON.stringify({ plan, period }),
      });
      window.location.assign(url);
    });
  return (
    <IslandBoundary name="Plan picker">
      <fieldset className="mb-6 flex gap-4">
        <legend className="mb-2 font-semibold">Billing period</legend>
        {(['month', 'year'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name="period"
              value={value}
              checked={period === value}
              onChange={() => setPeriod(value)}
            />
            {PERIOD_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <ul className="grid gap-4 md:grid-cols-2">
        {props.plans.map((choice) => (
          <li key={choice.plan} className="card p-5" data-plan={choice.plan}>
            <h2 className="text-xl font-semibold">{choice.label}</h2>
            <p className="mt-2 text-2xl font-bold">
              {choice.prices[period]}
              <span className="text-base font-normal text-content-muted"> / {period}</span>
            </p>
            <p className="mt-2 text-sm text-content-muted">{choice.terms[period]}</p>
            {props.current === choice.plan ? (
              <p className="mt-4 font-semibold">Your current plan</p>
            ) : !props.signedIn ? (
              <a className="btn btn-primary mt-4" href="/login?redirect=%2Fsubscription">
                Sign in to choose {choice.label}
              </a>
            ) : props.current !== 'free' ? (
              <a className="btn btn-secondary mt-4" href="/account/subscription">
                Change plan in your account
              </a>
            ) : (
              <button
                type="button"
                className="btn btn-primary mt-4"
                disabled={busy || !props.available}
                aria-busy={busy}
                onClick={() => choose(choice.plan)}
              >
                Choose {choice.label} ({PERIOD_LABELS[period].toLowerCase()})
              </button>
            )}
          </li>
        ))}
      </ul>
      <ErrorLine error={error} />
    </IslandBoundary>
  );
}

/** /subscription/test-checkout: the local stand-in for Stripe's payment page. */
export function TestCheckoutPay(props: { sessionId: string; label: string }) {
  const { busy, error, run } = useAction();
  const pay = () =>
    run(async () => {
      const { url } = await apiFetch<{ url: string }>('/api/membership/test-checkout', {
        method: 'POST',
        body: JSON.stringify({ session_id: props.sessionId }),
      });
      window.location.assign(url);
    });
  return (
    <IslandBoundary name="Test checkout">
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy} onClick={pay}>
          {props.label}
        </button>
        <a className="btn btn-secondary" href="/subscription">
          Back to the plans
        </a>
      </div>
      <ErrorLine error={error} />
    </IslandBoundary>
  );
}

/** /account/subscription: cancel at period end (two clicks), resume, change plan, portal. */
export function SubscriptionManager(props: {
  plan: PaidTier;
  period: BillingPeriod;
  cancelAtPeriodEnd: boolean;
  endLabel: string;
  options: Array<{ plan: PaidTier; period: BillingPeriod; label: string }>;
  portal: boolean;
  testClock: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [target, setTarget] = useState(() =>
    props.options.find((o) => o.plan !== props.plan || o.period !== props.period),
  );
  const { busy, error, run } = useAction();
  const post = (body: object) =>
    run(async () => {
      await apiFetch('/api/membership/subscription', { method: 'POST', body: JSON.stringify(body) });
      window.location.reload();
    });
  const portal = () =>
    run(async () => {
      const { url } = await apiFetch<{ url: string }>('/api/membership/portal', { method: 'POST' });
      window.location.assign(url);
    });
  return (
    <IslandBoundary name="Manage membership">
      <div className="flex flex-wrap gap-3">
        {props.cancelAtPeriodEnd ? (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => post({ action: 'resume' })}>
            Resume membership
          </button>
        ) : confirming ? (
          <>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => post({ action: 'cancel' })}
            >
              Confirm: cancel at the end of the period ({props.endLabel})
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
              Keep my membership
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
            Cancel membership
          </button>
        )}
        {props.testClock ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() =>
              run(async () => {
                await apiFetch('/api/membership/test-clock', { method: 'POST' });
                window.location.reload();
              })
            }
          >
            Test clock: go to the end of this period
          </button>
        ) : null}
        {props.portal ? (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={portal}>
            Open Stripe customer portal
          </button>
        ) : null}
      </div>
      {target ? (
        <form
          className="mt-6 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void post({ action: 'change', plan: target.plan, period: target.period });
          }}
        >
          <label className="flex flex-col gap-1">
            <span className="font-semibold">Change plan</span>
            <select
              className="field"
              value={`${target.plan}:${target.period}`}
              onChange={(event) => setTarget(props.options.find((o) => `${o.plan}:${o.period}` === event.target.value))}
            >
              {props.options
                .filter((o) => o.plan !== props.plan || o.period !== props.period)
                .map((o) => (
                  <option key={`${o.plan}:${o.period}`} value={`${o.plan}:${o.period}`}>
                    {o.label}
                  </option>
                ))}
            </select>
          </label>
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            Change plan
          </button>
        </form>
      ) : null}
      <ErrorLine error={error} />
    </IslandBoundary>
  );
}
