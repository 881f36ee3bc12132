/** What `work` gives, or undefined when the file it touches is not there (ENOENT). */
export async function ifExists<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
