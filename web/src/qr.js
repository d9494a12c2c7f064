// What the console and the round page share: a link as a QR code (an SVG
// drawn here from the code's modules: nothing fetched, nothing parsed as
// markup; qrcode-generator, MIT) and a text saved as a file.
import qrcode from 'qrcode-generator';

// `label`: the code's accessible name.
export function qr(href, label) {
  const code = qrcode(0, 'M');
  code.addData(href);
  code.make();
  const n = code.getModuleCount();
  const margin = 4;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${n + 2 * margin} ${n + 2 * margin}`);
  svg.setAttribute('class', 'qr');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  let d = '';
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (code.isDark(r, c)) d += `M${c + margin},${r + margin}h1v1h-1z`;
  const background = document.createElementNS(ns, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', '#fff');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', d);
  svg.append(background, path);
  return svg;
}

export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 2000);
}
