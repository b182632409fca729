export const chromiumPath: string | undefined;
export const chromiumArgs: string[];
export function launchOptions(): { executablePath: string; headless: boolean; args: string[] };
