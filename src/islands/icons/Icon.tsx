import { useEffect, useState } from 'react';
import type { IconifyJSON } from '@iconify/types';
import { loadIcons } from '../../lib/icons/icons.client.ts';

type IconData = IconifyJSON['icons'][string] & { width?: number; height?: number };

/**
 * Islands draw their icons from /api/icons: the names every island asks for during one
 * render pass go out as one request per collection (split by URL length in loadIcons), and
 * each icon is fetched once per page. An icon that cannot be loaded renders nothing, so
 * icons only ever sit beside text that says the same thing.
 */

const loaded = new Map<string, Promise<IconData | null>>();
const waiting = new Map<string, Map<string, (icon: IconData | null) => void>>();

function flush(collection: string): void {
  const batch = waiting.get(collection);
  waiting.delete(collection);
  if (!batch) return;
  void loadIcons(collection, [...batch.keys()]).then((icons) => {
    for (const [name, resolve] of batch) resolve(icons[name] ?? null);
  });
}

function requestIcon(collection: string, name: string): Promise<IconData | null> {
  const key = `${collection}:${name}`;
  let icon = loaded.get(key);
  if (!icon) {
    icon = new Promise((resolve) => {
      let batch = waiting.get(collection);
      if (!batch) {
        batch = new Map();
        waiting.set(collection, batch);
        // Every island hydrating in this task adds its names before the request leaves.
        setTimeout(() => flush(collection));
      }
      batch.set(name, resolve);
    });
    loaded.set(key, icon);
  }
  return icon;
}

interface Props {
  name: string;
  collection?: string;
  className?: string;
}

export function Icon({ name, collection = 'lucide', className = 'size-4' }: Props) {
  const [icon, setIcon] = useState<IconData | null>(null);
  useEffect(() => {
    let current = true;
    void requestIcon(collection, name).then((data) => {
      if (current) setIcon(data);
    });
    return () => {
      current = false;
    };
  }, [collection, name]);
  if (!icon) return null;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={className}
      viewBox={`${icon.left ?? 0} ${icon.top ?? 0} ${icon.width ?? 24} ${icon.height ?? 24}`}
      data-icon={`${collection}:${name}`}
      // The body comes from the site's own icon endpoint (the installed @iconify-json sets).
      dangerouslySetInnerHTML={{ __html: icon.body }}
    />
  );
}
