module App (Env (..), AppM, server, app) where

import Control.Monad.Reader
import Data.IORef
import Servant
import Api

newtype Env = Env { envUsers :: IORef [User] }

type AppM = ReaderT Env Handler

server :: ServerT API AppM
server = listUsers :<|> getUser :<|> createUser
  where
    listUsers = asks envUsers >>= liftIO . readIORef
    getUser i = do
      us <- asks envUsers >>= liftIO . readIORef
      maybe (throwError err404) pure (lookup i [(userId u, u) | u <- us])
    createUser u = do
      ref <- asks envUsers
      liftIO (modifyIORef ref (u :)) >> pure u

app :: Env -> Application
app env = serve api (hoistServer api (`runReaderT` env) server)
