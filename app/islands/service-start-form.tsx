// The service-start form of `/iniciar-servicio`, as an island (app/components/islands/page-island.tsx).
import { ServiceStartForm } from "~/components/forms/ServiceStartForm";
import { islandEntry } from "~/components/islands/mount";

export const { mount, prepare } = islandEntry(ServiceStartForm);
