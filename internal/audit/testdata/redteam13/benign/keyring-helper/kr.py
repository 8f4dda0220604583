import getpass, sys
import keyring

SERVICE = "keyring-helper"
cmd, name = sys.argv[1], sys.argv[2]
if cmd == "set":
    keyring.set_password(SERVICE, name, getpass.getpass(f"value for {name}: "))
elif cmd == "get":
    print(keyring.get_password(SERVICE, name) or "")
