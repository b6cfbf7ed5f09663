import {
  Activity,
  AlertTriangle,
  Building2,
  CheckCircle2,
  ClipboardList,
  FileText,
  FolderKanban,
  Handshake,
  History,
  Home,
  Inbox,
  KeyRound,
  List,
  Mail,
  Map,
  MapPin,
  MessageSquareReply,
  Newspaper,
  PlayCircle,
  Route as RouteIcon,
  UserCog,
  Users,
  Wallet,
} from "~/components/icons/sprite";
import type { NavIcon as NavIconName } from "~/auth/sidebar";

const ICONS = {
  home: Home,
  clipboard: ClipboardList,
  list: List,
  alert: AlertTriangle,
  mail: Mail,
  route: RouteIcon,
  play: PlayCircle,
  check: CheckCircle2,
  map: Map,
  users: UserCog,
  file: FileText,
  members: Users,
  money: Wallet,
  news: Newspaper,
  handshake: Handshake,
  building: Building2,
  history: History,
  key: KeyRound,
  activity: Activity,
  kanban: FolderKanban,
  inbox: Inbox,
  reply: MessageSquareReply,
  pin: MapPin,
} satisfies Record<NavIconName, unknown>;

export function NavIcon({ name, className }: { name: NavIconName; className?: string }) {
  const Icon = ICONS[name];
  return <Icon className={className} aria-hidden />;
}
