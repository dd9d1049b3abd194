import { Box } from '@mantine/core';
import type { TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import { useState } from 'react';
import { useParams } from 'react-router';
import { CommentPins } from '../preview-comments/comment-pins';
import type { TDevice } from './canvas-model';
import { useDocSelector, useEditorTools } from './editor-context';
import { setIn } from './editor-state';
import { focusField } from './focus-field';
import { LazyLiveCanvas } from './lazy-live-canvas';

// The live canvas of a language tab's selected page, bound to the editor: it reads the document
// itself (the tab around it does not re-render for it), a click focuses the field in the form,
// and a moved hotspot is one edit of the product's two coordinates.

const whole = (doc: TSiteDocument) => doc;

type TPageCanvasProps = {
  lang: TSiteLanguage;
  index: number;
  /** Read-only even where the editor is not (a variation's page it does not override). */
  locked?: boolean;
  /** The review comments' pins over the page (the site editor's; a variation has none). */
  comments?: boolean;
};

export function PageCanvas({ lang, index, locked = false, comments = true }: TPageCanvasProps) {
  const { setDoc, readOnly, mediaUrls } = useEditorTools();
  const doc = useDocSelector(whole);
  const { id } = useParams();
  const [device, setDevice] = useState<TDevice>('phone');
  const coordinate = doc.content[lang]?.creatives[index]?.coordinate;
  if (!coordinate) return null;
  const moveProduct = (j: number, x: number, y: number) => {
    const at = ['content', lang, 'creatives', index, 'products', j];
    // Arrow keys pressed in a row are one undo step, like typing in one field.
    setDoc((prev) => setIn(setIn(prev, [...at, 'coordinateX'], x), [...at, 'coordinateY'], y), {
      coalesce: `${at.join('.')}.coordinate`,
    });
  };
  return (
    <LazyLiveCanvas
      doc={doc}
      lang={lang}
      coordinate={coordinate}
      mediaUrls={mediaUrls}
      device={device}
      onDeviceChange={setDevice}
      onSelectField={(path) => focusField(path)}
      onMoveProduct={moveProduct}
      readOnly={readOnly || locked}
      siteId={id}
      overlay={
        id && comments
          ? (frame) => <CommentPins siteId={id} lang={lang} page={coordinate} {...frame} />
          : undefined
      }
    />
  );
}

/** The canvas beside a page's form (below it on narrow screens), in view while scrolling. */
export function PageCanvasColumn(props: TPageCanvasProps) {
  return (
    <Box
      miw={0}
      maw={420}
      style={{
        flex: '1 1 300px',
        position: 'sticky',
        top: 'calc(var(--app-shell-header-offset, 0px) + 16px)',
      }}
    >
      <PageCanvas {...props} />
    </Box>
  );
}
