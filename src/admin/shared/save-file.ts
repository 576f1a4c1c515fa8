/** Hands a text to the browser as a downloaded file (the import's template and report, a grid's export): a UTF-8 CSV with a byte-order mark, so Excel reads accents right. */
export function saveTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
