/** Log the missing path so it shows in the browser console (and any error monitoring that reads it). */
export function reportMissingPage(path: string): void {
  console.error('404 Error: User attempted to access non-existent route:', path);
}
