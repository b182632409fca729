export const STORE_URL_PLACEHOLDER: string;
export interface DemoPage { href: string; title: string; description: string }
export function demoPages(): DemoPage[];
export function renderDemoHtml(html: string, options: { storeUrl: string }): string;
export function paramRows(block: string): string[];
