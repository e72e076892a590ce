/**
 * Reads the admit card's QR code (it holds the roll number) with the phone's camera, through
 * the browser's own barcode reader (Chrome on Android has one; elsewhere the button is not
 * shown and the number is typed). Nothing leaves the phone: frames are read in the browser.
 */
import { Modal, Typography } from 'antd';
import { useEffect, useEffectEvent, useRef, useState } from 'react';

type Detected = { rawValue: string };
type Detector = { detect: (source: HTMLVideoElement) => Promise<Detected[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** How often a frame is read: often enough to feel at once, rarely enough to leave a cheap phone cool. */
const READ_EVERY_MS = 250;

export default function RollScanner({ onRead, onClose }: { onRead: (value: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string>();
  // The camera opens once; the page's handler may change meanwhile.
  const read = useEffectEvent((value: string) => onRead(value));

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    const Barcode = (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
    const detector = new Barcode({ formats: ['qr_code'] });
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setProblem('The camera could not be opened (was it allowed?). Type the roll number instead.');
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => {});
      const look = async () => {
        if (stopped || !video.current) return;
        const found = await detector.detect(video.current).catch(() => []);
        const value = found[0]?.rawValue.trim();
        if (value) read(value);
        else timer = window.setTimeout(() => void look(), READ_EVERY_MS);
      };
      void look();
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <Modal open title="Scan the admit card" footer={null} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>Hold the QR code on the admit card in front of the camera.</Typography.Paragraph>
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : (
        // A live picture, not media to describe: the text above says what it is for.
        <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 4 }} aria-label="Camera" />
      )}
    </Modal>
  );
}
