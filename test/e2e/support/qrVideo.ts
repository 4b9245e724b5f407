// A camera's picture of a QR code, for Chromium's fake camera
// (`--use-file-for-fake-video-capture`): a Y4M file (YUV 4:2:0) of a few frames showing the
// code, drawn with uqr (the app's own QR encoder) on a white card.
import { writeFileSync } from 'node:fs';
import { encode } from 'uqr';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;
// Video levels (BT.601): the black and white a camera sends.
const BLACK = 16;
const WHITE = 235;

export function writeQrVideo(path: string, text: string): void {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  // Inside the scanner's region (the middle two thirds), as a person holds a code up to it.
  const scale = Math.floor(HEIGHT / 2 / size);
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, WHITE);
  for (let y = 0; y < size * scale; y++)
    for (let x = 0; x < size * scale; x++)
      if (data[Math.floor(y / scale)]![Math.floor(x / scale)])
        luma[(top + y) * WIDTH + left + x] = BLACK;
  // No colour: both chroma planes at their middle.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
