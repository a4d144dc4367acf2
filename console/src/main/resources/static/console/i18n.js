// English and Simplified Chinese. The pages are written in English; in Chinese, each text and label whose English
// the dictionary (i18n-zh-cn.js) knows is shown translated, also as pages draw new content. Elements marked
// translate="no" (and code, log lines) are left as they are: they hold what users and handlers wrote.
import { PHRASES, PATTERNS } from './i18n-zh-cn.js';

const STORAGE_KEY = 'carillon.language';
const LANGUAGES = [['en', 'English'], ['zh-CN', '简体中文']];
const TRANSLATED_ATTRIBUTES = ['placeholder', 'title', 'aria-label'];
const SKIPPED = 'script, style, code, pre, textarea, .log, [translate="no"]';

/** The language shown: the one chosen with the switch, else Chinese for a browser that prefers it, else English. */
export function language() {
  const chosen = window.localStorage.getItem(STORAGE_KEY);
  if (LANGUAGES.some(([code]) => code === chosen)) return chosen;
  const preferred = navigator.languages || [navigator.language || 'en'];
  return preferred.some(code => code.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en';
}

/** {@code text} in the language shown (itself when the dictionary does not know it). */
export function t(text) {
  if (language() !== 'zh-CN' || text == null) return text;
  const trimmed = String(text).trim();
  if (!trimmed) return text;
  const key = trimmed.replace(/\s+/g, ' ');
  const known = PHRASES[key];
  if (known !== undefined) return String(text).replace(trimmed, known);
  for (const [pattern, replacement] of PATTERNS) {
    if (pattern.test(key)) return String(text).replace(trimmed, key.replace(pattern, replacement));
  }
  return text;
}

function skipped(element) {
  return element && element.closest && element.closest(SKIPPED) !== null;
}

function translateNode(node, deep = true) {
  if (node.nodeType === Node.TEXT_NODE) {
    if (skipped(node.parentElement)) return;
    const translated = t(node.nodeValue);
    if (translated !== node.nodeValue) node.nodeValue = translated;
    return;
  }
  if (node.nodeType !== Node.ELEMENT_NODE || skipped(node)) return;
  for (const name of TRANSLATED_ATTRIBUTES) {
    const value = node.getAttribute(name);
    if (value) {
      const translated = t(value);
      if (translated !== value) node.setAttribute(name, translated);
    }
  }
  if (deep) for (const child of node.childNodes) translateNode(child);
}

function languageSwitch() {
  const select = document.createElement('select');
  select.id = 'language';
  select.setAttribute('aria-label', 'Language');
  select.setAttribute('translate', 'no');
  for (const [code, name] of LANGUAGES) {
    const option = document.createElement('option');
    option.value = code;
    option.textContent = name;
    option.selected = code === language();
    select.appendChild(option);
  }
  select.addEventListener('change', () => {
    window.localStorage.setItem(STORAGE_KEY, select.value);
    window.location.reload();
  });
  return select;
}

function start() {
  document.documentElement.lang = language();
  const header = document.querySelector('header');
  if (header) header.appendChild(languageSwitch());
  if (language() === 'en') return;
  document.title = t(document.title);
  translateNode(document.body);
  new MutationObserver(mutations => {
    for (const mutation of mutations) {
      if (mutation.type === 'characterData') translateNode(mutation.target);
      else if (mutation.type === 'attributes') translateNode(mutation.target, false);
      else mutation.addedNodes.forEach(node => translateNode(node));
    }
  }).observe(document.body, {
    subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: TRANSLATED_ATTRIBUTES
  });
}

start();
