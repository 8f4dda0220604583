MAX_RETRIES = 3
# <- constant

def fetch(url):
# <- keyword
#   ^^^^^ function
    for attempt in range(MAX_RETRIES):
        return get(url)
        #      ^^^ function.call
