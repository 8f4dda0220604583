module Main (main) where

import Data.IORef (newIORef)
import Network.Wai.Handler.Warp (run)
import Options.Applicative
import App

main :: IO ()
main = do
  port <- execParser (info (option auto (long "port" <> value 8080) <**> helper) fullDesc)
  ref <- newIORef []
  putStrLn ("listening on " <> show port)
  run port (app (Env ref))
