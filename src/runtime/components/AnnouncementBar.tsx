import { useEffect, useState } from 'react';
import type { ShellConfig } from '../../shared/types.ts';
import { STORAGE_KEYS, TEXT } from '../constants.ts';
import { readStorage, writeStorage } from '../storage.ts';

type Bar = NonNullable<ShellConfig['announcementBar']>;

/**
 * Rendered on the server as shown. A reader who dismissed this bar (same id) never sees it flash:
 * the head script marks <html> before first paint and CSS hides the bar until hydration removes it.
 * A new id brings the bar back and forgets the old dismissal.
 */
export function AnnouncementBar({ bar }: { bar: Bar }) {
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    const isNew = readStorage(STORAGE_KEYS.announcementId) !== bar.id;
    writeStorage(STORAGE_KEYS.announcementId, bar.id);
    if (isNew) writeStorage(STORAGE_KEYS.announcementDismiss, 'false');
    else if (readStorage(STORAGE_KEYS.announcementDismiss) === 'true') setClosed(true);
  }, [bar.id]);
  if (closed) return null;
  const close = () => {
    writeStorage(STORAGE_KEYS.announcementDismiss, 'true');
    setClosed(true);
  };
  return (
    <div className="announcement-bar" role="region" aria-label="Announcement" style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
      <div className="announcement-bar-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button type="button" className="announcement-bar-close" aria-label={TEXT.closeAnnouncement} onClick={close}>
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path stroke="currentColor" strokeWidth="3" d="M4 4l16 16M20 4 4 20" />
          </svg>
        </button>
      )}
    </div>
  );
}
