/**
 * The customer's signature on the technician's phone (issue 35 item 1): a canvas drawn with a
 * finger, a stylus or a mouse by signature_pad (loaded when the box is first shown, so it weighs
 * nothing on other screens), sized to the box and the screen's pixel ratio, with a 44 px Clear
 * button. Each finished stroke hands up the drawing as a PNG data URL (null once cleared).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import type SignaturePadLib from 'signature_pad';

/** The drawing's height in CSS pixels: room for a name written by hand on a 360 px phone. */
const HEIGHT = 170;

export function SignaturePad({
  label,
  hint,
  clearLabel,
  onChange,
}: {
  /** The box's accessible name. */
  label: string;
  /** The words under an empty box. */
  hint: string;
  clearLabel: string;
  onChange: (dataUrl: string | null) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadLib | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    let gone = false;
    const el = canvas.current;
    if (!el) return;
    // Sized to the box in device pixels (a sharp line on any screen); resizing clears the drawing.
    const sizeToBox = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      el.width = Math.round(el.offsetWidth * ratio);
      el.height = Math.round(HEIGHT * ratio);
      el.getContext('2d')?.scale(ratio, ratio);
      pad.current?.clear();
      changed.current(null);
    };
    void import('signature_pad').then(({ default: Pad }) => {
      if (gone) return;
      const p = new Pad(el, { penColor: '#1a237e', minWidth: 1, maxWidth: 2.8 });
      p.addEventListener('endStroke', () => changed.current(p.isEmpty() ? null : p.toDataURL('image/png')));
      pad.current = p;
      sizeToBox();
    });
    const onResize = () => {
      if (el.offsetWidth && Math.round(el.offsetWidth * (window.devicePixelRatio || 1)) !== el.width) sizeToBox();
    };
    window.addEventListener('resize', onResize);
    return () => {
      gone = true;
      window.removeEventListener('resize', onResize);
      pad.current?.off();
      pad.current = null;
    };
  }, []);

  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          border: 2,
          borderColor: 'grey.400',
          borderStyle: 'dashed',
          borderRadius: 1,
          bgcolor: '#ffffff',
        }}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-label={label}
          data-testid="signature-pad"
          style={{ display: 'block', width: '100%', height: HEIGHT, touchAction: 'none', cursor: 'crosshair' }}
        />
        <Typography
          aria-hidden
          variant="caption"
          color="text.secondary"
          sx={{ position: 'absolute', left: 12, bottom: 8, pointerEvents: 'none' }}
        >
          {hint}
        </Typography>
      </Box>
      <Button
        onClick={() => {
          pad.current?.clear();
          onChange(null);
        }}
        sx={{ mt: 1, minHeight: 44, minWidth: 88 }}
      >
        {clearLabel}
      </Button>
    </Box>
  );
}
