import {
  Button,
  Card,
  ColorInput,
  Divider,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  DESIGN_FRAME,
  PRODUCTS_PER_PAGE_MAX,
  type TCreative,
  type TSiteDocument,
  type TSiteLanguage,
  ZProduct,
} from '@swipe/contracts/sites';
import { SITE_IMAGE_VARIANT_WIDTHS } from '@swipe/contracts/uploads';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BoundNumberInput, BoundSwitch, BoundTextarea, BoundTextInput } from './bound-fields';
import { CopyFromDefaultButton } from './copy-from-default';
import { type TPath, useDocSelector, useEditorTools, useField } from './editor-context';
import { setIn } from './editor-state';
import { growing } from './editor-theme';
import { LinkField } from './link-field';
import { MediaField } from './media-field';
import { RemoveButton } from './remove-button';

const SWATCHES = ['#FFFFFF', '#000000', '#99D52A', '#2BAA50', '#FA5252', '#228BE6', '#FAB005'];

/** A colour input bound to a document field (hex, rgb(a), hsl(a) accepted, checked by the contracts). */
export function ColourField({
  path,
  label,
  description,
}: {
  path: TPath;
  label: string;
  description?: string;
}) {
  const { t } = useTranslation();
  const f = useField(path, (v) => v as string);
  // fixOnBlur off: a wrong code stays visible with its message instead of silently reverting.
  return (
    <ColorInput
      label={label}
      description={description}
      swatches={SWATCHES}
      format="hex"
      fixOnBlur={false}
      eyeDropperButtonProps={{ 'aria-label': t('siteEditor.pickColour') }}
      {...f}
    />
  );
}

/**
 * A page's image fills the 389 x 737 designer frame (cropped to it when its shape differs). The
 * recommended size has the frame's shape and the width of the widest variant a page loads (a
 * phone at 3x): wider is never shown, narrower gets blurry on such a phone.
 */
const WIDEST_VARIANT = Math.max(...SITE_IMAGE_VARIANT_WIDTHS);
const CREATIVE_SIZE = {
  width: WIDEST_VARIANT,
  height: Math.round((WIDEST_VARIANT * DESIGN_FRAME.height) / DESIGN_FRAME.width),
  frameWidth: DESIGN_FRAME.width,
  frameHeight: DESIGN_FRAME.height,
  ratio: (DESIGN_FRAME.height / DESIGN_FRAME.width).toFixed(2),
};

const numberOf = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);

/** The settings of one page (creative) in one language: image, texts, link, colours, products. */
export function PageForm({ lang, index }: { lang: TSiteLanguage; index: number }) {
  const { t } = useTranslation();
  const { setDoc, readOnly } = useEditorTools();
  const base: TPath = ['content', lang, 'creatives', index];
  // What the form's layout depends on; each field reads its own value (bound-fields.tsx).
  const coordinate = useDocSelector((d) => d.content[lang]?.creatives[index]?.coordinate);
  const defaultLanguage = useDocSelector((d) => d.defaultLanguage);
  const productKeys = useDocSelector((d) =>
    (d.content[lang]?.creatives[index]?.products ?? []).map((p, j) => p.id ?? String(j)).join('|'),
  );
  const products = productKeys === '' ? [] : productKeys.split('|');
  if (!coordinate) return null;

  const productsPath = [...base, 'products'];
  const productsOf = (doc: TSiteDocument) =>
    (doc.content[lang]?.creatives[index]?.products ?? []) as TCreative['products'];
  const addProduct = () =>
    setDoc((prev) =>
      setIn(prev, productsPath, [
        ...productsOf(prev),
        ZProduct.parse({ productName: t('siteEditor.product.newName') }),
      ]),
    );
  const removeProduct = (j: number) =>
    setDoc((prev) =>
      setIn(
        prev,
        productsPath,
        productsOf(prev).filter((_, k) => k !== j),
      ),
    );

  return (
    <Stack gap="md" data-testid={`page-form-${coordinate}`}>
      {lang !== defaultLanguage && (
        <Group justify="flex-end">
          <CopyFromDefaultButton lang={lang} coordinate={coordinate} />
        </Group>
      )}
      <MediaField
        path={[...base, 'media']}
        altPath={[...base, 'imageAlt']}
        label={t('siteEditor.page.media')}
        video
        recommended={t('siteEditor.page.mediaSize', CREATIVE_SIZE)}
      />
      <BoundTextInput path={[...base, 'imageAlt']} label={t('siteEditor.page.alt')} maxLength={50} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <BoundTextarea
          path={[...base, 'mainText']}
          label={t('siteEditor.page.mainText')}
          {...growing(2)}
          maxLength={120}
        />
        <ColourField path={[...base, 'mainTextColor']} label={t('siteEditor.page.mainTextColor')} />
        <BoundTextInput path={[...base, 'price']} label={t('siteEditor.page.price')} maxLength={20} />
        <ColourField path={[...base, 'priceTextColor']} label={t('siteEditor.page.priceColor')} />
      </SimpleGrid>
      <Divider label={t('siteEditor.page.button')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <BoundTextInput
          path={[...base, 'linkButtonText']}
          label={t('siteEditor.page.buttonText')}
          maxLength={20}
        />
        <ColourField path={[...base, 'linkButtonColor']} label={t('siteEditor.page.buttonColor')} />
        <ColourField path={[...base, 'linkTextColor']} label={t('siteEditor.page.buttonTextColor')} />
      </SimpleGrid>
      <LinkField path={[...base, 'link']} label={t('siteEditor.page.buttonLink')} />
      <MediaField
        path={[...base, 'buttonImage']}
        label={t('siteEditor.page.buttonImage')}
        recommended={t('siteEditor.page.buttonImageHint')}
      />
      <Divider label={t('siteEditor.page.display')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ColourField path={[...base, 'hoverArrowColor']} label={t('siteEditor.page.arrowColor')} />
        <BoundNumberInput
          path={[...base, 'arrowFadeInterval']}
          label={t('siteEditor.page.fade')}
          min={0}
          max={60}
          suffix=" s"
        />
      </SimpleGrid>
      <Group gap="lg">
        <BoundSwitch path={[...base, 'membersOnlyLock']} label={t('siteEditor.page.membersOnly')} />
        <BoundSwitch path={[...base, 'showSns']} label={t('siteEditor.page.showSns')} />
        <BoundSwitch path={[...base, 'showCompany']} label={t('siteEditor.page.showCompany')} />
      </Group>

      <Divider label={t('siteEditor.product.title')} labelPosition="left" />
      {products.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('siteEditor.product.none')}
        </Text>
      ) : (
        // Their hotspots are placed on the live canvas beside the form (live-canvas.tsx).
        <Stack gap="sm">
          {products.map((key, j) => (
            <ProductForm
              key={key}
              path={[...base, 'products', j]}
              index={j}
              onRemove={() => removeProduct(j)}
            />
          ))}
        </Stack>
      )}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={addProduct}
          disabled={readOnly || products.length >= PRODUCTS_PER_PAGE_MAX}
          data-testid="product-add"
        >
          {t('siteEditor.product.add')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A product hotspot on a page. Its place is in designer-frame pixels (389 x 737). */
function ProductForm({ path, index, onRemove }: { path: TPath; index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const { readOnly } = useEditorTools();
  const name = useField([...path, 'productName']);
  const price = useField<number | null>([...path, 'price'], (v) =>
    v === '' || v === null ? null : numberOf(v),
  );
  const description = useField([...path, 'description']);
  const buttonText = useField([...path, 'linkButtonText']);
  const x = useField<number>([...path, 'coordinateX'], numberOf);
  const y = useField<number>([...path, 'coordinateY'], numberOf);
  return (
    <Card withBorder p="sm" radius="md" data-testid={`product-${index}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t('siteEditor.product.label', { n: index + 1 })}
          </Text>
          <RemoveButton
            label={t('siteEditor.product.remove')}
            onClick={onRemove}
            disabled={readOnly}
            inline
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('siteEditor.product.name')} required {...name} maxLength={50} />
          <NumberInput
            label={t('siteEditor.product.price')}
            min={0}
            thousandSeparator=","
            prefix="¥"
            {...price}
            value={price.value ?? ''}
          />
        </SimpleGrid>
        <Textarea
          label={t('siteEditor.product.description')}
          {...description}
          {...growing(2)}
          maxLength={120}
        />
        <MediaField path={[...path, 'image']} label={t('siteEditor.product.image')} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <NumberInput label={t('siteEditor.product.x')} min={0} max={DESIGN_FRAME.width} {...x} />
          <NumberInput label={t('siteEditor.product.y')} min={0} max={DESIGN_FRAME.height} {...y} />
          <ColourField path={[...path, 'textColor']} label={t('siteEditor.product.textColor')} />
          <ColourField path={[...path, 'backgroundColor']} label={t('siteEditor.product.background')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={t('siteEditor.product.buttonText')} {...buttonText} maxLength={20} />
          <ColourField path={[...path, 'linkButtonColor']} label={t('siteEditor.page.buttonColor')} />
          <ColourField path={[...path, 'linkTextColor']} label={t('siteEditor.page.buttonTextColor')} />
        </SimpleGrid>
        <LinkField path={[...path, 'link']} label={t('siteEditor.product.link')} />
      </Stack>
    </Card>
  );
}
