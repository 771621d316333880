import { passwordLabel, passwordScore } from '../../lib/auth/validation.ts';

const COLORS = {
  Weak: 'bg-red-600 dark:bg-red-400',
  Fair: 'bg-amber-500 dark:bg-amber-300',
  Good: 'bg-primary-600 dark:bg-primary-400',
  Strong: 'bg-green-700 dark:bg-green-400',
} as const;

/** The password strength meter shown while typing (score 0-5, shown as Weak, Fair, Good or Strong). */
export function PasswordMeter({ password }: { password: string }) {
  if (!password) return null;
  const score = passwordScore(password);
  const label = passwordLabel(score);
  return (
    <div className="mt-2" data-password-strength={label}>
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={5}
        aria-valuenow={score}
        aria-valuetext={label}
        className="h-1.5 w-full overflow-hidden rounded-full bg-badge"
      >
        <div
          className={`h-full rounded-full transition-all ${COLORS[label]}`}
          style={{ width: `${(score / 5) * 100}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-content-muted">
        Password strength: <span className="font-semibold text-content">{label}</span>
      </p>
    </div>
  );
}
