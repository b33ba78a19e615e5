// Human names for the fields the package returns for Google's image, video and news extensions
// and hreflang alternates (Google Search Central's sitemap extension pages name them so), so the
// detail panel says "Thumbnail" where the data says `thumbnailLoc`.

/** Labels by field name; a field not listed is spelled out from its camelCase name. */
const LABELS = {
  images: 'Images',
  videos: 'Videos',
  news: 'News article',
  alternates: 'Language versions (hreflang)',
  extensions: 'Other elements',
  loc: 'URL',
  caption: 'Caption',
  geoLocation: 'Location',
  title: 'Title',
  license: 'License',
  thumbnailLoc: 'Thumbnail',
  description: 'Description',
  contentLoc: 'Video file',
  playerLoc: 'Player',
  allowEmbed: 'Embedding allowed',
  autoplay: 'Autoplay',
  duration: 'Duration (s)',
  expirationDate: 'Expires',
  rating: 'Rating',
  contentSegmentLocs: 'Segments',
  viewCount: 'Views',
  publicationDate: 'Published',
  tags: 'Tags',
  category: 'Category',
  familyFriendly: 'Family friendly',
  restriction: 'Country restriction',
  countries: 'Countries',
  relationship: 'Rule',
  galleryLoc: 'Gallery',
  prices: 'Prices',
  amount: 'Amount',
  currency: 'Currency',
  type: 'Type',
  resolution: 'Resolution',
  requiresSubscription: 'Subscription required',
  uploader: 'Uploader',
  name: 'Name',
  info: 'Info page',
  tvshow: 'TV show',
  showTitle: 'Show',
  videoType: 'Video type',
  episodeTitle: 'Episode',
  seasonNumber: 'Season',
  episodeNumber: 'Episode number',
  premierDate: 'Premiere',
  platform: 'Platforms',
  platforms: 'Platforms',
  live: 'Live',
  ids: 'IDs',
  value: 'Value',
  publication: 'Publication',
  language: 'Language',
  access: 'Access',
  genres: 'Genres',
  keywords: 'Keywords',
  stockTickers: 'Stock tickers',
  hreflang: 'Language',
  href: 'URL',
  rel: 'Relation',
  namespace: 'Namespace',
  attributes: 'Attributes',
  children: 'Children',
  text: 'Text',
};

/**
 * The label a person reads for a field name: `thumbnailLoc` → "Thumbnail", an unknown
 * `someFieldName` → "Some field name".
 *
 * @example
 * fieldLabel('publicationDate'); // 'Published'
 */
export function fieldLabel(key) {
  if (Object.hasOwn(LABELS, key)) return LABELS[key];
  const words = String(key).replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The image a field value can show as a thumbnail: an image's `loc`, a video's `thumbnailLoc`.
 *
 * @example
 * thumbnailOf('images', { loc: 'https://example.com/a.jpg' }); // 'https://example.com/a.jpg'
 */
export function thumbnailOf(field, item) {
  if (field === 'images') return item?.loc;
  if (field === 'videos') return item?.thumbnailLoc;
  return undefined;
}
