import { type ChangeEvent, useRef, useState } from 'react';
import type { ShopImageWire } from '../../../shared/schemas/shop';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { PageSpinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/Toast';
import { MB, uploadImage, useMerchantId } from '../../features/shop/api';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, trpc } from '../../trpc';

const SHOP_IMAGE_MAX_BYTES = 10 * MB;

export default function ShopImages() {
  usePageTitle('Shop Images');
  const merchantId = useMerchantId();
  const utils = trpc.useUtils();
  const scope = { merchantId: merchantId ?? undefined };
  const imagesQuery = trpc.images.getShopImages.useQuery(scope);
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ShopImageWire | null>(null);
  const invalidates = ['images.getShopImages', 'merchants.getProfileCompletion'] as const;
  const remove = trpc.images.deleteShopImages.useMutation({
    meta: { successToast: 'Image deleted successfully.', errorToast: 'Failed to delete the image. Please try again.', invalidates },
    onSettled: () => setToDelete(null),
  });
  const cover = trpc.images.setCoverImage.useMutation({
    meta: { successToast: 'Cover image updated.', errorToast: 'Failed to set the cover image. Please try again.', invalidates },
  });

  // An upload is not a tRPC call: it refreshes the same queries itself.
  const refresh = () => Promise.all([utils.images.getShopImages.invalidate(), utils.merchants.getProfileCompletion.invalidate()]);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    if (files.some((f) => f.size > SHOP_IMAGE_MAX_BYTES)) {
      setError('File must be less than 10MB.');
      return;
    }
    setError(null);
    setUploading(true);
    try {
      // One request per file: each carries a large data URL.
      for (const file of files) await uploadImage({ file, kind: 'shop', merchantId });
      toast.success(files.length === 1 ? 'Image uploaded successfully.' : 'Images uploaded successfully.');
    } catch (err) {
      setError(errorMessage(err, 'Image upload failed.'));
    } finally {
      setUploading(false);
      await refresh();
    }
  };

  const onSetCover = (image: ShopImageWire) => cover.mutate({ merchantId: merchantId ?? undefined, imageId: image._id });

  const onDelete = () => {
    if (toDelete) remove.mutate({ merchantId: merchantId ?? undefined, imageId: toDelete._id });
  };

  const images = imagesQuery.data?.images ?? [];

  return (
    <PageContainer>
      <PageHeader
        title="Shop Images"
        description="Photos of your salon. The cover image leads your listing."
        actions={
          <>
            <input
              ref={fileRef}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              multiple
              className="sr-only"
              aria-label="Upload shop images"
              data-testid="shop-image-input"
              onChange={onFiles}
            />
            <Button onClick={() => fileRef.current?.click()} loading={uploading} loadingText="Uploading..." data-testid="upload-images">
              Upload Images
            </Button>
          </>
        }
      />
      <p className="-mt-3 mb-4 text-xs text-ink-500">JPG, PNG or WebP, at most 10MB each.</p>
      {error && (
        <p role="alert" className="mb-4 rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700" data-testid="images-error">
          {error}
        </p>
      )}
      {imagesQuery.isLoading ? (
        <PageSpinner label="Loading images" />
      ) : imagesQuery.isError ? (
        <LoadError
          title="Could not load your images"
          description={errorMessage(imagesQuery.error, 'Failed to load images. Please try again later.')}
          onRetry={imagesQuery.refetch}
        />
      ) : images.length === 0 ? (
        <EmptyState title="No images yet" description="Upload photos of your shop; the first one becomes your cover." />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="image-grid">
          {images.map((img) => (
            <li key={img._id}>
              <Card padded={false} className="overflow-hidden">
                <div className="relative aspect-[4/3] bg-blush-100">
                  <img src={img.url} alt={img.isCover ? 'Cover image' : 'Shop image'} className="size-full object-cover" loading="lazy" />
                  {img.isCover && (
                    <Badge tone="accent" className="absolute top-2 left-2 shadow-soft" data-testid="cover-badge">
                      Cover
                    </Badge>
                  )}
                </div>
                <div className="flex items-center justify-between gap-2 p-3">
                  <Button variant="outline" size="sm" disabled={img.isCover || cover.isPending} onClick={() => onSetCover(img)}>
                    {img.isCover ? 'Cover image' : 'Set as cover'}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-600 hover:bg-red-50"
                    onClick={() => setToDelete(img)}
                    aria-label="Delete image"
                  >
                    Delete
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete image"
        message="Are you sure you want to delete this image? This action cannot be undone."
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setToDelete(null)}
      />
    </PageContainer>
  );
}
