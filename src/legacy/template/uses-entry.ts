/**
 * Whether a template reads the current entry, decided without parsing (the element locates and loads an entry only
 * then). Its own module: `<catalog-template>` must not share a module with the search blocks (the build would put it
 * in their chunk, and a template page would download the search code).
 */
export const usesEntry = (source: string): boolean =>
  /\{\{[#^~]?\s*(text|link|namedclick|prop|eachprop|ifprop|resourceURI|entryURI|metadataURI|distributionList|viewMetadata|image|slider|expand|autoVisualizations)\b/.test(source);
