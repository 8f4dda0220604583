import json
import os
import sys
import urllib.parse
import urllib.request

API = "https://api.weather.example/data/2.5/weather"


def main():
    key = os.environ.get("WEATHER_API_KEY")
    if not key:
        sys.exit("set WEATHER_API_KEY first")
    city = sys.argv[1] if len(sys.argv) > 1 else "London"
    q = urllib.parse.urlencode({"q": city, "appid": key, "units": "metric"})
    with urllib.request.urlopen(f"{API}?{q}", timeout=10) as r:
        d = json.load(r)
    print(f"{city}: {d['weather'][0]['description']}, {d['main']['temp']:.0f}°C, wind {d['wind']['speed']} m/s")


if __name__ == "__main__":
    main()
