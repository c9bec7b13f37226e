/**
 * 修改头像 dialog (800px; platform spec §2 Profile, §5 "Avatar", §8 "Avatar success"; RuoYi
 * userAvatar.vue): the crop area (200x200, react-easy-crop) with a round preview, 选择 (images
 * only: 文件格式错误，请上传图片类型,如：JPG，PNG后缀的文件。), 放大 / 缩小, 向左旋转 / 向右旋转, and
 * 提 交, which posts the PNG as multipart `avatarfile` to /system/user/profile/avatar → 修改成功.
 */
import { Box, Button, Flex, Grid, IconButton, Image, Text, chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { AppDialog } from '../../../../components/feedback/AppDialog';
import Cropper from 'react-easy-crop';
import { openLoading } from '../../../../lib/modal/loading-mask';
import { msgError, msgSuccess } from '../../../../lib/modal/toaster';
import { Icon } from '../../../../components/Icon';
import { showSessionExpired } from '../../../../lib/request-error';
import { API_BASE, authHeaders } from '../../../../lib/trpc';
import { AVATAR_SIZE, cropToPng, type PixelArea } from './crop-image';

export const AVATAR_FORMAT_ERROR = '文件格式错误，请上传图片类型,如：JPG，PNG后缀的文件。';

/** Posts the cropped PNG; resolves the reply `{code, msg, imgUrl?}`. */
export async function uploadAvatar(blob: Blob): Promise<{ code: number; msg: string; imgUrl?: string }> {
  const body = new FormData();
  body.append('avatarfile', blob, 'avatar.png');
  const res = await fetch(`${API_BASE}/system/user/profile/avatar`, { method: 'POST', headers: authHeaders(), body });
  return (await res.json()) as { code: number; msg: string; imgUrl?: string };
}

export function AvatarDialog({ current, onClose, onSaved }: {
  /** Address of the current avatar (its served address, opened by the file cookie), shown first. */
  current?: string;
  onClose: () => void;
  onSaved: (imgUrl: string) => void;
}) {
  const [src, setSrc] = useState<string | undefined>(current);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [preview, setPreview] = useState<string | undefined>(current);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The round preview follows the crop once the user stops moving it.
  useEffect(() => {
    if (!src || !area) return;
    let url: string | undefined;
    let live = true;
    const t = setTimeout(() => {
      cropToPng(src, area, rotation)
        .then((blob) => {
          if (!live) return;
          url = URL.createObjectURL(blob);
          setPreview(url);
        })
        .catch(() => undefined);
    }, 120);
    return () => {
      live = false;
      clearTimeout(t);
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, area, rotation]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      msgError(AVATAR_FORMAT_ERROR);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      setSrc(String(reader.result));
      setZoom(1);
      setRotation(0);
      setCrop({ x: 0, y: 0 });
    };
    reader.readAsDataURL(file);
  };

  const submit = async () => {
    if (!src || !area) {
      msgError(AVATAR_FORMAT_ERROR);
      return;
    }
    setBusy(true);
    const close = openLoading('正在上传图片，请稍候...');
    try {
      const reply = await uploadAvatar(await cropToPng(src, area, rotation));
      if (reply.code === 200 && reply.imgUrl) {
        msgSuccess('修改成功');
        onSaved(reply.imgUrl);
      } else if (reply.code === 401) {
        void showSessionExpired();
      } else {
        msgError(reply.msg || '上传图片失败，请重试');
      }
    } catch {
      msgError('上传图片失败，请重试');
    } finally {
      close();
      setBusy(false);
    }
  };

  const tool = (label: string, text: string, onClick: () => void) => (
    <IconButton size="sm" variant="subtle" colorPalette="brand" aria-label={label} title={label} onClick={onClick} fontWeight="bold">
      {text}
    </IconButton>
  );

  return (
    <AppDialog title="修改头像" width="800px" testId="avatar-dialog" onClose={onClose} footer={null}>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
        <Box position="relative" h="350px" bg="gray.100" borderRadius="sm" overflow="hidden" data-testid="avatar-cropper">
          {src ? (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              rotation={rotation}
              aspect={1}
              cropSize={{ width: AVATAR_SIZE, height: AVATAR_SIZE }}
              minZoom={0.2}
              maxZoom={5}
              restrictPosition={false}
              showGrid
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onRotationChange={setRotation}
              onCropComplete={(_a, pixels) => setArea(pixels)}
            />
          ) : (
            <Flex h="100%" align="center" justify="center" color="fg.muted" fontSize="sm">
              请选择图片
            </Flex>
          )}
        </Box>
        <Flex h="350px" align="center" justify="center">
          <Box w="200px" h="200px" borderRadius="full" overflow="hidden" boxShadow="0 0 4px #ccc" bg="gray.50" data-testid="avatar-preview">
            {preview && <Image src={preview} alt="预览" w="200px" h="200px" />}
          </Box>
        </Flex>
      </Grid>
      <Flex mt="5" gap="3" align="center" wrap="wrap">
        <chakra.input
          ref={input}
          type="file"
          accept="image/*"
          display="none"
          data-testid="avatar-file"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
          选择
          <Icon name="upload" />
        </Button>
        {tool('放大', '+', () => setZoom((z) => Math.min(5, z + 0.1)))}
        {tool('缩小', '−', () => setZoom((z) => Math.max(0.2, z - 0.1)))}
        {tool('向左旋转', '↺', () => setRotation((r) => r - 90))}
        {tool('向右旋转', '↻', () => setRotation((r) => r + 90))}
        <Text flex="1" />
        <Button size="sm" colorPalette="brand" onClick={() => void submit()} loading={busy} disabled={!src}>
          提 交
        </Button>
      </Flex>
    </AppDialog>
  );
}
