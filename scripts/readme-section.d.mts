export function writeReadmeSection(name: string, text: string): void;
