import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { fieldErrorsOf } from '@atrium/api-client';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Tooltip,
  IconTrash,
  IconUpload,
  handleError,
  schemaResolver,
  useForm,
} from '@atrium/ui';
import {
  CATEGORY_LABELS,
  LISTING_CATEGORIES,
  LISTING_IMAGES_MAX,
  MARKET_CURRENCIES,
  MARKET_MESSAGES,
  listingInputSchema,
  minorToPrice,
  priceToMinor,
  type Listing,
  type ListingCategory,
  type ListingInput,
  type MarketCurrency,
} from '@atrium/domain-market';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from './listing-text';

export interface ListingFormValues {
  communityId: string;
  title: string;
  description: string;
  /** As typed, in major units ('49.90'); the schema gets minor units. */
  price: string;
  currency: MarketCurrency;
  category: ListingCategory | '';
  delivery: 'service' | 'product';
  status: 'active' | 'paused';
}

/** A segmented choice with its label above it (a SegmentedControl has no label of its own). */
function LabelledChoice({ label, ...props }: { label: string } & ComponentProps<typeof SegmentedControl>) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl aria-label={label} {...props} />
    </Stack>
  );
}

/** The form's values → the wire input the slice's schema checks (price in minor units; NaN when not a number). */
export function toListingInput(v: ListingFormValues): ListingInput {
  return {
    communityId: v.communityId,
    title: v.title,
    description: v.description,
    price: priceToMinor(v.price),
    currency: v.currency,
    // '' is no category: the schema then says 'Choose a category'.
    category: (v.category || undefined) as ListingCategory,
    delivery: v.delivery,
    status: v.status,
  };
}

export interface ImageChanges {
  added: File[];
  removed: string[];
}

interface Props {
  listing?: Listing;
  /** The communities the caller may list in (active member). */
  communities: { value: string; label: string }[];
  submitLabel: string;
  onSubmit: (input: ListingInput, images: ImageChanges) => Promise<void>;
  onCancel: () => void;
}

/**
 * A listing's fields (the create and edit pages share it): community, title, description, price and currency,
 * category, delivery, images with a preview. Checked with the slice's schema before anything is sent; the
 * server's field errors land on their fields.
 */
export function ListingForm({ listing, communities, submitLabel, onSubmit, onCancel }: Props) {
  const schemaCheck = useMemo(() => schemaResolver(listingInputSchema, { sync: true }), []);
  const form = useForm<ListingFormValues>({
    initialValues: {
      communityId: listing?.communityId ?? (communities.length === 1 ? communities[0]!.value : ''),
      title: listing?.title ?? '',
      description: listing?.description ?? '',
      price: listing ? minorToPrice(listing.price) : '',
      currency: (listing?.currency as MarketCurrency | undefined) ?? 'USD',
      category: listing?.category ?? '',
      delivery: listing?.delivery ?? 'service',
      status: listing?.status === 'paused' ? 'paused' : 'active',
    },
    validate: (values) => schemaCheck(toListingInput(values)),
    validateInputOnBlur: true,
  });
  const [added, setAdded] = useState<File[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const previews = useMemo(() => added.map((f) => URL.createObjectURL(f)), [added]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);

  const kept = (listing?.images ?? []).filter((i) => !removed.includes(i._id));
  const room = LISTING_IMAGES_MAX - kept.length - added.length;

  const pick = (files: File[]) => {
    setImageError(null);
    const ok: File[] = [];
    for (const f of files) {
      if (!(IMAGE_TYPES as readonly string[]).includes(f.type))
        setImageError(`${f.name}: ${MARKET_MESSAGES.invalidImageFormat}`);
      else if (f.size > IMAGE_MAX_BYTES) setImageError(`${f.name}: an image may be at most 2 MB`);
      else ok.push(f);
    }
    if (ok.length > room) setImageError(MARKET_MESSAGES.tooManyImages);
    setAdded((a) => [...a, ...ok.slice(0, Math.max(room, 0))]);
  };

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(listingInputSchema.parse(toListingInput(values)) as ListingInput, { added, removed });
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) form.setErrors(fields);
      handleError(e);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label="Community"
          description="The listing is shown to the people who can see this community."
          withAsterisk
          data={communities}
          allowDeselect={false}
          disabled={Boolean(listing)}
          {...form.getInputProps('communityId')}
        />
        <TextInput label="Title" withAsterisk data-autofocus {...form.getInputProps('title')} />
        <Textarea label="Description" autosize minRows={4} {...form.getInputProps('description')} />
        <Group grow align="flex-start">
          <TextInput
            label="Price"
            withAsterisk
            inputMode="decimal"
            placeholder="0.00"
            {...form.getInputProps('price')}
          />
          <Select
            label="Currency"
            withAsterisk
            data={MARKET_CURRENCIES.map((c) => ({ value: c, label: c }))}
            allowDeselect={false}
            {...form.getInputProps('currency')}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label="Category"
            withAsterisk
            data={LISTING_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
            {...form.getInputProps('category')}
          />
          <LabelledChoice
            label="Delivery"
            data={[
              { value: 'service', label: 'Service' },
              { value: 'product', label: 'Product' },
            ]}
            {...form.getInputProps('delivery')}
          />
        </Group>
        {listing && (
          <LabelledChoice
            label="Status"
            data={[
              { value: 'active', label: 'For sale' },
              { value: 'paused', label: 'Paused' },
            ]}
            {...form.getInputProps('status')}
          />
        )}
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Images
          </Text>
          {kept.length + added.length > 0 && (
            <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
              {kept.map((img, i) => (
                <ImageTile
                  key={img._id}
                  src={img.url}
                  alt={`Image ${i + 1}`}
                  onRemove={() => setRemoved((r) => [...r, img._id])}
                />
              ))}
              {added.map((f, i) => (
                <ImageTile
                  key={previews[i]}
                  src={previews[i]!}
                  alt={`New image ${f.name}`}
                  onRemove={() => setAdded((a) => a.filter((x) => x !== f))}
                />
              ))}
            </SimpleGrid>
          )}
          <Group>
            <FileButton onChange={pick} accept={IMAGE_TYPES.join(',')} multiple>
              {(props) => (
                <Button variant="default" leftSection={<IconUpload size={16} />} disabled={room <= 0} {...props}>
                  Add images
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              PNG, JPEG, WebP or GIF, up to 2 MB each, {LISTING_IMAGES_MAX} at most
            </Text>
          </Group>
          {imageError && (
            <Text size="sm" c="red" role="alert">
              {imageError}
            </Text>
          )}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ImageTile({ src, alt, onRemove }: { src: string; alt: string; onRemove: () => void }) {
  return (
    <div style={{ position: 'relative' }}>
      <img
        src={src}
        alt={alt}
        style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 6, display: 'block' }}
      />
      <Tooltip label="Remove image">
        <ActionIcon
          aria-label={`Remove ${alt}`}
          variant="white"
          color="red"
          size="sm"
          onClick={onRemove}
          style={{ position: 'absolute', top: 4, right: 4 }}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
