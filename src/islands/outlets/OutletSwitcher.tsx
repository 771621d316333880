import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { $currentOutlet, setCurrentOutlet } from '../../lib/outlets/current-outlet.client.ts';
import { IslandBoundary } from '../IslandBoundary.tsx';

interface Props {
  /** The outlets the user owns or writes for. */
  outlets: { slug: string; name: string; role: 'owner' | 'author' }[];
  /** The outlet the server rendered the page for. */
  current: string;
}

/** The manage-outlet layout's outlet switcher: changes the current outlet (shared store + cookie) and opens it. */
function Switcher({ outlets, current }: Props) {
  const id = useId();
  const selected = useStore($currentOutlet) ?? current;
  useEffect(() => {
    if ($currentOutlet.get() !== current) setCurrentOutlet(current);
  }, [current]);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        Current outlet
      </label>
      <select
        id={id}
        className="field w-auto max-w-xs py-1"
        value={selected}
        onChange={(event) => {
          setCurrentOutlet(event.target.value);
          window.location.assign(`/manage-outlet/${encodeURIComponent(event.target.value)}`);
        }}
      >
        {outlets.map((outlet) => (
          <option key={outlet.slug} value={outlet.slug}>
            {outlet.name}
            {outlet.role === 'author' ? ' (author)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function OutletSwitcher(props: Props) {
  return (
    <IslandBoundary name="OutletSwitcher">
      <Switcher {...props} />
    </IslandBoundary>
  );
}
