// The scanner's worker file, emitted same-origin by scripts/qrScannerWorker.ts.
declare module 'virtual:qr-scanner-worker' {
  const url: string;
  export default url;
}
