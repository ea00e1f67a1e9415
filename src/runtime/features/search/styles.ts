// The search modal's and page's styles, injected when either first appears: they ship in the
// lazily loaded search code, not in the stylesheet every page loads. Colours come from the
// shell's custom properties, so dark mode applies.
import { MOBILE_MEDIA_QUERY } from '../../constants.ts';

export const SEARCH_CSS = `
.search-visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.search-modal-backdrop { position: fixed; inset: 0; z-index: 200; display: flex; justify-content: center; align-items: flex-start; padding: 8vh 16px 16px; background: rgba(20, 20, 35, .55); }
.search-modal { display: flex; flex-direction: column; width: 100%; max-width: 640px; max-height: 84vh; border-radius: 10px; background: var(--bg, #fff); color: var(--fg, #1a1a2e); box-shadow: 0 16px 48px rgba(0, 0, 0, .35); overflow: hidden; }
.search-modal-form { display: flex; align-items: center; gap: 8px; padding: 12px; border-bottom: 1px solid var(--border, #e3e3ec); }
.search-input { flex: 1; min-width: 0; height: 44px; padding: 0 14px; border: 2px solid var(--primary, #6c65e5); border-radius: 8px; background: var(--bg, #fff); color: inherit; font: inherit; font-size: 17px; }
.search-input:focus { outline: none; box-shadow: 0 0 0 3px color-mix(in srgb, var(--primary, #6c65e5) 30%, transparent); }
.search-modal-close { height: 32px; padding: 0 10px; border: 1px solid var(--border, #e3e3ec); border-radius: 6px; background: var(--surface, #f6f6fb); color: var(--muted, #5b5b73); font: inherit; font-size: 13px; cursor: pointer; }
.search-modal-body { flex: 1; overflow-y: auto; padding: 4px 12px 12px; overscroll-behavior: contain; }
.search-group-title { margin: 12px 4px 6px; color: var(--primary, #6c65e5); font-size: 14px; font-weight: 700; }
.search-hit-link { display: block; padding: 8px 12px; margin-bottom: 4px; border-radius: 6px; background: var(--surface, #f6f6fb); color: inherit; text-decoration: none; }
.search-hit-link[aria-selected='true'], .search-page-result .search-hit-link:hover { background: var(--link, #4b43c9); color: var(--primary-contrast, #fff); }
.search-hit-link[aria-selected='true'] .search-hit-excerpt, .search-page-result .search-hit-link:hover .search-hit-excerpt { opacity: 1; }
.search-hit-heading { display: block; font-weight: 600; }
.search-hit-excerpt { display: block; margin-top: 2px; font-size: 14px; line-height: 1.5; opacity: .85; overflow-wrap: anywhere; }
.search-hit mark { background: none; color: inherit; font-weight: 700; text-decoration: underline; text-decoration-thickness: 2px; text-underline-offset: 2px; }
.search-see-all { margin: 12px 4px 0; text-align: center; }
.search-see-all a { font-weight: 600; }
.search-message { padding: 24px 8px; text-align: center; color: var(--muted, #5b5b73); }
.search-message-title { color: var(--fg, #1a1a2e); font-size: 17px; }
.search-message p { margin: 6px 0; }
.search-suggestions ul { display: flex; flex-wrap: wrap; justify-content: center; gap: 8px; margin: 8px 0 12px; padding: 0; list-style: none; }
.search-suggestion { padding: 4px 12px; border: 1px solid var(--border, #e3e3ec); border-radius: 16px; background: var(--surface, #f6f6fb); color: var(--link, #4b43c9); font: inherit; font-size: 14px; cursor: pointer; }
.search-loading { padding: 16px 8px; color: var(--muted, #5b5b73); text-align: center; }
.search-modal-footer { display: flex; gap: 16px; padding: 8px 12px; border-top: 1px solid var(--border, #e3e3ec); color: var(--muted, #5b5b73); font-size: 12px; }
.search-modal-footer kbd { display: inline-block; min-width: 18px; margin-right: 2px; padding: 0 4px; border: 1px solid var(--border, #e3e3ec); border-radius: 4px; background: var(--surface, #f6f6fb); font: inherit; text-align: center; }
.search-page-app { margin-top: 16px; }
.search-page-form { display: flex; margin-bottom: 8px; }
.search-page-count { min-height: 1.65em; color: var(--muted, #5b5b73); }
.search-page-results { margin: 0; padding: 0; list-style: none; }
.search-page-result { margin: 0 0 24px; }
.search-page-result-title { margin: 0 0 8px; font-size: 20px; }
.search-page-result ul { margin: 0; padding: 0; list-style: none; }
.search-load-more { display: block; margin: 16px auto; padding: 8px 16px; border: 1px solid var(--border, #e3e3ec); border-radius: 6px; background: var(--surface, #f6f6fb); color: inherit; font: inherit; cursor: pointer; }
@media ${MOBILE_MEDIA_QUERY} {
  .search-modal-backdrop { padding: 0; }
  .search-modal { max-width: none; max-height: 100vh; height: 100%; border-radius: 0; }
  .search-modal-footer { display: none; }
}
`;
