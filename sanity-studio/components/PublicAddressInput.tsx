/**
 * A page's address field: the Studio's slug input, then the full public address the page has (or will
 * have) on the site, and what happens when it changes. The path comes from the site's one rule
 * (app/lib/site-paths.ts), the origin from the Studio's settings (env.ts).
 */
import { Card, Stack, Text } from "@sanity/ui";
import type { SlugInputProps } from "sanity";
import { PUBLIC_PATH_RULES, type PublicPathType } from "../../app/lib/site-paths";
import { siteOrigin } from "../env";

/** The full public URL of a `type` page with `slug`, or null without a slug. */
export function publicUrl(type: PublicPathType, slug: string | null | undefined): string | null {
  return slug ? `${siteOrigin}${PUBLIC_PATH_RULES[type](slug)}` : null;
}

export function publicAddressInput(type: PublicPathType) {
  function PublicAddressInput(props: SlugInputProps) {
    const url = publicUrl(type, props.value?.current);
    return (
      <Stack space={3}>
        {props.renderDefault(props)}
        <Card padding={3} radius={2} tone="transparent" border>
          <Stack space={3}>
            <Text size={1}>
              Dirección pública:{" "}
              {url ? (
                <a href={url} target="_blank" rel="noreferrer">
                  {url}
                </a>
              ) : (
                "escribe la dirección para verla"
              )}
            </Text>
            <Text size={1} muted>
              Si la página ya está publicada y cambias su dirección, al publicar el cambio la dirección antigua redirige
              a la nueva (301): los anuncios y los enlaces compartidos siguen funcionando.
            </Text>
          </Stack>
        </Card>
      </Stack>
    );
  }
  return PublicAddressInput;
}
