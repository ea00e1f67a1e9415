// Code-block copy buttons (loaded on first use). The buttons are in the pre-rendered HTML.
import { COPIED_FEEDBACK_MS, TEXT } from '../constants.ts';

function copyWithSelection(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

export async function copyCode(button: HTMLElement): Promise<void> {
  const code = button.closest('.code-block')?.querySelector('pre code, pre');
  const text = code?.textContent ?? '';
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    copyWithSelection(text); // older browsers and pages without clipboard permission
  }
  const label = button.getAttribute('aria-label');
  button.textContent = TEXT.copied;
  button.setAttribute('aria-label', TEXT.copied);
  button.classList.add('copied');
  setTimeout(() => {
    button.textContent = TEXT.copy;
    if (label) button.setAttribute('aria-label', label);
    button.classList.remove('copied');
  }, COPIED_FEEDBACK_MS);
}
