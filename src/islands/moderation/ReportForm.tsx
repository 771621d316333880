import type { SubmitEvent } from 'react';
import { REPORT_REASON_LABELS, REPORT_REASONS } from '../../lib/user-reviews/user-reviews.ts';

interface Props {
  id: string;
  /** The form's accessible name, e.g. "Report this review". */
  label: string;
  className: string;
  busy: boolean;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
}

/** The report form every reportable thing shares: a reason from the one list, optional details. */
export function ReportForm({ id, label, className, busy, onSubmit }: Props) {
  return (
    <form id={id} onSubmit={onSubmit} className={className} aria-label={label}>
      <label className="block">
        <span className="block font-semibold">Reason</span>
        <select name="reason" required className="field mt-1" defaultValue="">
          <option value="" disabled>
            Choose a reason
          </option>
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REPORT_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="block font-semibold">Details (optional)</span>
        <textarea name="details" maxLength={500} rows={2} className="field mt-1" />
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Send report
      </button>
    </form>
  );
}
